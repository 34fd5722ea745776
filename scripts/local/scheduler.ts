/**
 * EventBridge Scheduler stand-in at /_local/scheduler, speaking the REST API the SDK calls
 * (CreateSchedule, GetSchedule, UpdateSchedule, DeleteSchedule, ListSchedules). Schedules are kept
 * in memory (and in scheduler.json when persistent) and really fire: every second, on the injected
 * clock, due schedules invoke the target handler with the target's Input as the event. A target's
 * RetryPolicy and DeadLetterConfig are checked as AWS checks them; an invocation that failed every
 * retry goes to the named dead-letter queue (kept here, `GET /_local/scheduler/dead-letters`), or is
 * dropped without one, as in AWS.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { systemClock } from '../../functions/src/lib/clock.ts';
import { handlerId } from '../../functions/src/manifest.ts';
import { readBody, sendJson } from './http-util.ts';
import type { LambdaRuntime } from './lambda.ts';
import type { Log } from './log.ts';
import { ExpressionError, instantOf, nextFire, parseExpression, wallTimeOf } from './schedule-expressions.ts';

const REGION = 'ap-northeast-1';
const ACCOUNT = '000000000000';
const MAX_LOCAL_RETRIES = 3;
/** A failed invocation is retried after this times the failures so far. */
const RETRY_PAUSE_MS = 2000;
const NAME = /^[0-9a-zA-Z\-_.]{1,64}$/;
const SQS_ARN = /^arn:aws(-[a-z]+)?:sqs:[a-z0-9-]+:\d{12}:[a-zA-Z0-9\-_]{1,80}$/;

interface Target {
  Arn: string;
  RoleArn: string;
  Input?: string;
  RetryPolicy?: { MaximumRetryAttempts?: number; MaximumEventAgeInSeconds?: number };
  DeadLetterConfig?: { Arn?: string };
  [other: string]: unknown;
}

/** What AWS sends to a schedule's dead-letter queue after the last retry (the attributes, as a record). */
export interface ScheduleDeadLetter {
  QueueArn: string;
  ScheduleArn: string;
  TargetArn: string;
  Input?: string;
  ErrorMessage: string;
  SentAt: string;
}

export interface Schedule {
  Name: string;
  GroupName: string;
  Arn: string;
  ScheduleExpression: string;
  ScheduleExpressionTimezone?: string;
  StartDate?: number;
  EndDate?: number;
  Description?: string;
  State: 'ENABLED' | 'DISABLED';
  FlexibleTimeWindow: { Mode: string; MaximumWindowInMinutes?: number };
  Target: Target;
  ActionAfterCompletion?: 'NONE' | 'DELETE';
  KmsKeyArn?: string;
  CreationDate: number;
  LastModificationDate: number;
  ClientToken?: string;
  /** Local bookkeeping (ms): when it fires next (null = never), how often it failed in a row. */
  nextFireAt: number | null;
  lastFiredAt?: number;
  failures: number;
}

class SchedulerError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

const key = (group: string, name: string) => `${group}/${name}`;

export class SchedulerStandIn {
  private readonly schedules = new Map<string, Schedule>();
  private readonly firing = new Set<string>();
  private readonly deadLetters: ScheduleDeadLetter[] = [];
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly opts: {
      runtime: LambdaRuntime;
      handlers: readonly string[];
      log: Log;
      file: string | null;
      pollMs?: number;
    },
  ) {
    if (opts.file && existsSync(opts.file)) {
      for (const s of JSON.parse(readFileSync(opts.file, 'utf8')) as Schedule[]) {
        this.schedules.set(key(s.GroupName, s.Name), s);
      }
    }
    this.timer = setInterval(() => void this.tick(), opts.pollMs ?? 1000);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** Invocations sent to a dead-letter queue since start. */
  deadLetterList(): ScheduleDeadLetter[] {
    return [...this.deadLetters];
  }

  list(): Schedule[] {
    return [...this.schedules.values()];
  }

  private save(): void {
    if (this.opts.file) writeFileSync(this.opts.file, JSON.stringify(this.list(), null, 2));
  }

  /**
   * A schedule the stack owns (the manifest's recurring jobs), as CloudFormation keeps it in AWS:
   * created when absent, replaced when its definition changed, otherwise left with its state.
   */
  ensure(name: string, group: string, input: Record<string, unknown>): void {
    const existing = this.schedules.get(key(group, name));
    if (
      existing &&
      existing.ScheduleExpression === input.ScheduleExpression &&
      existing.ScheduleExpressionTimezone === input.ScheduleExpressionTimezone &&
      existing.Target.Arn === (input.Target as Target).Arn &&
      JSON.stringify([existing.Target.RetryPolicy, existing.Target.DeadLetterConfig]) ===
        JSON.stringify([(input.Target as Target).RetryPolicy, (input.Target as Target).DeadLetterConfig])
    ) {
      return;
    }
    if (existing) this.update(name, group, input);
    else this.create(name, group, input);
  }

  /** Lambda ARN -> handler: the function name ends with the handler's id (or is the id). */
  handlerForArn(arn: string): string | undefined {
    const match = /^arn:aws:lambda:[^:]+:\d+:function:([^:]+)(?::[^:]+)?$/.exec(arn);
    if (!match) return undefined;
    const functionName = match[1] as string;
    const candidates = this.opts.handlers.filter((h) => functionName.endsWith(handlerId(h)));
    return candidates.sort((a, b) => handlerId(b).length - handlerId(a).length)[0];
  }

  /** `path` is below /_local/scheduler. */
  async handle(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    query: URLSearchParams,
  ): Promise<void> {
    try {
      const body = await readBody(req);
      const input = body.length ? (JSON.parse(body.toString('utf8')) as Record<string, unknown>) : {};
      const one = /^\/schedules\/([^/]+)$/.exec(path);
      const method = req.method ?? 'GET';
      if (one) {
        const name = decodeURIComponent(one[1] as string);
        const group =
          (method === 'POST' || method === 'PUT' ? (input.GroupName as string) : query.get('groupName')) ||
          'default';
        switch (method) {
          case 'POST':
            return sendJson(res, 200, { ScheduleArn: this.create(name, group, input) });
          case 'PUT':
            return sendJson(res, 200, { ScheduleArn: this.update(name, group, input) });
          case 'GET':
            return sendJson(res, 200, this.describe(this.get(name, group)));
          case 'DELETE':
            this.get(name, group);
            this.schedules.delete(key(group, name));
            this.save();
            return sendJson(res, 200, {});
        }
      }
      if (path === '/schedules' && method === 'GET') return sendJson(res, 200, this.listSchedules(query));
      if (path === '/dead-letters' && method === 'GET') return sendJson(res, 200, this.deadLetterList());
      throw new SchedulerError(
        404,
        'ResourceNotFoundException',
        `The local scheduler does not implement ${method} ${path}`,
      );
    } catch (err) {
      if (err instanceof SchedulerError) {
        sendJson(
          res,
          err.status,
          { Message: err.message },
          { 'x-amzn-errortype': err.type, 'x-amzn-requestid': randomUUID() },
        );
      } else if (err instanceof SyntaxError) {
        sendJson(res, 400, { Message: 'Malformed JSON body' }, { 'x-amzn-errortype': 'ValidationException' });
      } else throw err;
    }
  }

  private get(name: string, group: string): Schedule {
    const schedule = this.schedules.get(key(group, name));
    if (!schedule)
      throw new SchedulerError(404, 'ResourceNotFoundException', `Schedule ${name} does not exist.`);
    return schedule;
  }

  private create(name: string, group: string, input: Record<string, unknown>): string {
    const existing = this.schedules.get(key(group, name));
    if (existing) {
      if (input.ClientToken && existing.ClientToken === input.ClientToken) return existing.Arn;
      throw new SchedulerError(409, 'ConflictException', `Schedule ${name} already exists.`);
    }
    const now = Math.floor(systemClock.now().getTime() / 1000);
    const schedule = this.validated(name, group, input, now);
    this.schedules.set(key(group, name), schedule);
    this.save();
    return schedule.Arn;
  }

  private update(name: string, group: string, input: Record<string, unknown>): string {
    const existing = this.get(name, group);
    const schedule = this.validated(name, group, input, existing.CreationDate);
    this.schedules.set(key(group, name), schedule);
    this.save();
    return schedule.Arn;
  }

  private validated(
    name: string,
    group: string,
    input: Record<string, unknown>,
    createdAt: number,
  ): Schedule {
    const invalid = (message: string) => new SchedulerError(400, 'ValidationException', message);
    if (!NAME.test(name)) throw invalid(`Invalid schedule name ${name}.`);
    const expression = input.ScheduleExpression;
    if (typeof expression !== 'string') throw invalid('ScheduleExpression is required.');
    const target = input.Target as Target | undefined;
    if (!target?.Arn || !target.RoleArn) throw invalid('Target.Arn and Target.RoleArn are required.');
    const retry = target.RetryPolicy;
    const within = (v: unknown, min: number, max: number) =>
      v === undefined || (typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max);
    if (retry && !within(retry.MaximumRetryAttempts, 0, 185))
      throw invalid('Target.RetryPolicy.MaximumRetryAttempts must be between 0 and 185.');
    if (retry && !within(retry.MaximumEventAgeInSeconds, 60, 86_400))
      throw invalid('Target.RetryPolicy.MaximumEventAgeInSeconds must be between 60 and 86400.');
    const deadLetterArn = target.DeadLetterConfig?.Arn;
    if (target.DeadLetterConfig && (typeof deadLetterArn !== 'string' || !SQS_ARN.test(deadLetterArn)))
      throw invalid('Target.DeadLetterConfig.Arn must be the ARN of an SQS queue.');
    const window = input.FlexibleTimeWindow as Schedule['FlexibleTimeWindow'] | undefined;
    if (!window?.Mode || !['OFF', 'FLEXIBLE'].includes(window.Mode))
      throw invalid('FlexibleTimeWindow.Mode must be OFF or FLEXIBLE.');
    const timeZone = (input.ScheduleExpressionTimezone as string | undefined) ?? 'UTC';
    try {
      wallTimeOf(0, timeZone);
    } catch {
      throw invalid(`Invalid ScheduleExpressionTimezone ${timeZone}.`);
    }
    try {
      parseExpression(expression);
    } catch (err) {
      throw invalid(
        err instanceof ExpressionError ? err.message : `Invalid Schedule Expression ${expression}.`,
      );
    }
    if (!target.Arn.startsWith('arn:aws:lambda:')) {
      this.opts.log.warn(`schedule ${name}: only Lambda targets fire locally (${target.Arn})`);
    }
    const now = Math.floor(systemClock.now().getTime() / 1000);
    const schedule: Schedule = {
      Name: name,
      GroupName: group,
      Arn: `arn:aws:scheduler:${REGION}:${ACCOUNT}:schedule/${group}/${name}`,
      ScheduleExpression: expression,
      ...(input.ScheduleExpressionTimezone ? { ScheduleExpressionTimezone: timeZone } : {}),
      ...(typeof input.StartDate === 'number' ? { StartDate: input.StartDate } : {}),
      ...(typeof input.EndDate === 'number' ? { EndDate: input.EndDate } : {}),
      ...(typeof input.Description === 'string' ? { Description: input.Description } : {}),
      State: input.State === 'DISABLED' ? 'DISABLED' : 'ENABLED',
      FlexibleTimeWindow: window,
      Target: target,
      ...(input.ActionAfterCompletion
        ? { ActionAfterCompletion: input.ActionAfterCompletion as 'NONE' | 'DELETE' }
        : {}),
      ...(typeof input.KmsKeyArn === 'string' ? { KmsKeyArn: input.KmsKeyArn } : {}),
      ...(typeof input.ClientToken === 'string' ? { ClientToken: input.ClientToken } : {}),
      CreationDate: createdAt,
      LastModificationDate: now,
      nextFireAt: null,
      failures: 0,
    };
    schedule.nextFireAt = this.firstFire(schedule, now * 1000);
    return schedule;
  }

  private firstFire(s: Schedule, nowMs: number): number | null {
    const expression = parseExpression(s.ScheduleExpression);
    const timeZone = s.ScheduleExpressionTimezone ?? 'UTC';
    // A one-time schedule fires once even when its time has already passed.
    if (expression.kind === 'at') return instantOf(expression.wall, timeZone);
    return nextFire(expression, { after: nowMs, ...this.window(s), timeZone });
  }

  private window(s: Schedule) {
    return {
      createdAt: s.CreationDate * 1000,
      ...(s.StartDate !== undefined ? { start: s.StartDate * 1000 } : {}),
      ...(s.EndDate !== undefined ? { end: s.EndDate * 1000 } : {}),
    };
  }

  private describe(s: Schedule) {
    const { nextFireAt: _next, lastFiredAt: _last, failures: _failures, ClientToken: _token, ...visible } = s;
    return visible;
  }

  private listSchedules(query: URLSearchParams) {
    const group = query.get('ScheduleGroup');
    const prefix = query.get('NamePrefix') ?? '';
    const state = query.get('State');
    const max = Math.min(Number(query.get('MaxResults') ?? 100) || 100, 100);
    const start = Number(query.get('NextToken') ?? 0) || 0;
    const all = this.list()
      .filter(
        (s) =>
          (!group || s.GroupName === group) && s.Name.startsWith(prefix) && (!state || s.State === state),
      )
      .sort((a, b) => a.Name.localeCompare(b.Name));
    const page = all.slice(start, start + max);
    return {
      Schedules: page.map((s) => ({
        Arn: s.Arn,
        Name: s.Name,
        GroupName: s.GroupName,
        State: s.State,
        CreationDate: s.CreationDate,
        LastModificationDate: s.LastModificationDate,
        Target: { Arn: s.Target.Arn },
      })),
      ...(start + max < all.length ? { NextToken: String(start + max) } : {}),
    };
  }

  /** Fires every due schedule (called every second; tests may call it directly). */
  async tick(): Promise<void> {
    const now = systemClock.now().getTime();
    this.rewind(now);
    const due = this.list().filter(
      (s) => s.State === 'ENABLED' && s.nextFireAt !== null && s.nextFireAt <= now && !this.firing.has(s.Arn),
    );
    await Promise.all(due.map((s) => this.fire(s, now)));
  }

  /**
   * The clock moved back (a test or a developer reset it): a recurring schedule that last fired
   * after the new now runs again from now, instead of waiting for the time the jump had reached.
   */
  private rewind(now: number): void {
    for (const s of this.list()) {
      // A retry planned on the later clock comes after the same pause on the new one.
      const retryAt = now + RETRY_PAUSE_MS * s.failures;
      if (s.failures > 0 && s.nextFireAt !== null && s.nextFireAt > retryAt && !this.firing.has(s.Arn)) {
        s.nextFireAt = retryAt;
        this.save();
        continue;
      }
      if (s.lastFiredAt === undefined || s.lastFiredAt <= now || this.firing.has(s.Arn)) continue;
      const expression = parseExpression(s.ScheduleExpression);
      if (expression.kind === 'at') continue;
      s.lastFiredAt = now;
      s.nextFireAt = nextFire(expression, {
        after: now,
        ...this.window(s),
        timeZone: s.ScheduleExpressionTimezone ?? 'UTC',
      });
      this.save();
    }
  }

  private async fire(s: Schedule, now: number): Promise<void> {
    this.firing.add(s.Arn);
    const scheduledTime = new Date(s.nextFireAt ?? now).toISOString().replace(/\.\d{3}Z$/, 'Z');
    try {
      const handler = this.handlerForArn(s.Target.Arn);
      if (!handler) throw new Error(`no local handler for target ${s.Target.Arn}`);
      const input = (s.Target.Input ?? '{}')
        .replaceAll('<aws.scheduler.schedule-arn>', s.Arn)
        .replaceAll('<aws.scheduler.scheduled-time>', scheduledTime)
        .replaceAll('<aws.scheduler.execution-id>', randomUUID())
        .replaceAll('<aws.scheduler.attempt-number>', String(s.failures + 1));
      let event: unknown;
      try {
        event = JSON.parse(input);
      } catch {
        event = input;
      }
      this.opts.log.info(`schedule ${s.GroupName}/${s.Name} fires ${handler}`);
      await this.opts.runtime.invoke(handler, event);
      this.completed(s, now);
    } catch (err) {
      s.failures++;
      const retries = Math.min(s.Target.RetryPolicy?.MaximumRetryAttempts ?? 185, MAX_LOCAL_RETRIES);
      if (s.failures > retries) {
        const queue = s.Target.DeadLetterConfig?.Arn;
        if (queue) {
          this.deadLetters.push({
            QueueArn: queue,
            ScheduleArn: s.Arn,
            TargetArn: s.Target.Arn,
            ...(s.Target.Input !== undefined ? { Input: s.Target.Input } : {}),
            ErrorMessage: err instanceof Error ? err.message : String(err),
            SentAt: new Date(now).toISOString(),
          });
        }
        this.opts.log.error(
          `schedule ${s.GroupName}/${s.Name} failed ${s.failures} times; ${queue ? `sent to its dead-letter queue ${queue}` : 'dropped (no dead-letter queue)'}`,
          err,
        );
        this.completed(s, now);
      } else {
        this.opts.log.warn(`schedule ${s.GroupName}/${s.Name} failed (attempt ${s.failures}); retrying`, err);
        s.nextFireAt = now + RETRY_PAUSE_MS * s.failures;
        this.save();
      }
    } finally {
      this.firing.delete(s.Arn);
    }
  }

  private completed(s: Schedule, now: number): void {
    s.failures = 0;
    s.lastFiredAt = now;
    const expression = parseExpression(s.ScheduleExpression);
    if (expression.kind === 'at') {
      s.nextFireAt = null;
      if (s.ActionAfterCompletion === 'DELETE') this.schedules.delete(key(s.GroupName, s.Name));
    } else {
      // After a clock jump, missed runs of a recurring schedule fire once, not once per missed run.
      s.nextFireAt = nextFire(expression, {
        after: Math.max(now, systemClock.now().getTime()),
        ...this.window(s),
        timeZone: s.ScheduleExpressionTimezone ?? 'UTC',
      });
    }
    this.save();
  }
}
