export interface Log {
  info(message: string): void;
  warn(message: string, detail?: unknown): void;
  error(message: string, detail?: unknown): void;
}

export function createLog(quiet: boolean): Log {
  return {
    info: (message) => {
      if (!quiet) console.log(`[local] ${message}`);
    },
    warn: (message, detail) => console.warn(`[local] ${message}`, ...(detail === undefined ? [] : [detail])),
    error: (message, detail) =>
      console.error(`[local] ${message}`, ...(detail === undefined ? [] : [detail])),
  };
}
