/**
 * The Square Web Payments SDK, loaded from Square's CDN for the sandbox and production card form
 * (the local environment uses the test form instead). Only what the card form needs is typed.
 * Not testable offline: kept small on purpose.
 */
export interface SquareTokenResult {
  status: 'OK' | 'Cancel' | 'Error' | 'Invalid' | 'Abort' | 'Unknown';
  token?: string;
  errors?: { type?: string; field?: string; message: string }[];
}

export interface SquareCard {
  attach(target: string | HTMLElement): Promise<void>;
  tokenize(): Promise<SquareTokenResult>;
  destroy(): Promise<boolean>;
}

export interface SquarePayments {
  card(options?: Record<string, unknown>): Promise<SquareCard>;
}

interface SquareGlobal {
  payments(applicationId: string, locationId?: string): SquarePayments | Promise<SquarePayments>;
}

declare global {
  interface Window {
    Square?: SquareGlobal;
  }
}

const SDK_URLS = {
  sandbox: 'https://sandbox.web.squarecdn.com/v1/square.js',
  production: 'https://web.squarecdn.com/v1/square.js',
} as const;

let loading: Promise<SquareGlobal> | null = null;

/** Adds Square's script once and resolves with `window.Square`. */
export function loadSquare(environment: keyof typeof SDK_URLS): Promise<SquareGlobal> {
  if (window.Square) return Promise.resolve(window.Square);
  if (!loading) {
    loading = new Promise<SquareGlobal>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = SDK_URLS[environment];
      script.async = true;
      script.onload = () =>
        window.Square ? resolve(window.Square) : reject(new Error('Square SDK missing'));
      script.onerror = () => reject(new Error('Square SDK failed to load'));
      document.head.appendChild(script);
    }).catch((err: unknown) => {
      loading = null;
      throw err;
    });
  }
  return loading;
}

/** A Square card field attached to `target`. */
export async function attachSquareCard(
  environment: keyof typeof SDK_URLS,
  applicationId: string,
  locationId: string,
  target: HTMLElement,
): Promise<SquareCard> {
  const square = await loadSquare(environment);
  const payments = await square.payments(applicationId, locationId);
  const card = await payments.card();
  await card.attach(target);
  return card;
}
