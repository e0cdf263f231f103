// The batch exporter: ended spans wait in a bounded queue and go to the OTLP/HTTP endpoint in
// batches, at most OTEL_BSP_SCHEDULE_DELAY after they ended, or at once when a batch is full. An
// export that fails is dropped, not retried (the spans of a trace are worth less than the memory
// an outage would pile up); the log has one warning per outage, with what was lost.
import { request } from 'undici';
import type { OtlpProtocol } from '../config/tracing.ts';
import type { Logger } from '../gateway/logger.ts';
import { CONTENT_TYPE, encodeSpans, type Origin } from './otlp.ts';
import type { SpanData } from './spans.ts';

export interface ExporterOptions {
  url: string;
  protocol: OtlpProtocol;
  headers: Readonly<Record<string, string>>;
  timeoutMs: number;
  scheduleDelayMs: number;
  maxQueueSize: number;
  maxExportBatchSize: number;
  origin: Origin;
}

export class BatchExporter {
  private queue: SpanData[] = [];
  private timer: NodeJS.Timeout | undefined;
  private readonly sending = new Set<Promise<void>>();
  /** Spans lost (queue full, export failed) since the last warning, and whether exports fail now. */
  private lost = 0;
  private failing = false;

  constructor(
    private readonly options: ExporterOptions,
    private readonly logger: Pick<Logger, 'warn' | 'info'>,
  ) {}

  add(span: SpanData): void {
    if (this.queue.length >= this.options.maxQueueSize) {
      this.lost++;
      return;
    }
    this.queue.push(span);
    if (this.queue.length >= this.options.maxExportBatchSize) this.sendQueued();
    else if (!this.timer) {
      this.timer = setTimeout(() => this.sendQueued(), this.options.scheduleDelayMs);
      this.timer.unref();
    }
  }

  /** Sends every span ended so far and waits for every export under way. */
  async flush(): Promise<void> {
    this.sendQueued();
    while (this.sending.size > 0) await Promise.all([...this.sending]);
  }

  private sendQueued(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, this.options.maxExportBatchSize);
      const sent = this.send(batch).finally(() => this.sending.delete(sent));
      this.sending.add(sent);
    }
  }

  private async send(batch: SpanData[]): Promise<void> {
    const { url, protocol, headers, timeoutMs, origin } = this.options;
    let problem: string | undefined;
    try {
      const response = await request(url, {
        method: 'POST',
        headers: { ...headers, 'content-type': CONTENT_TYPE[protocol] },
        body: encodeSpans(protocol, origin, batch),
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.body.dump();
      if (response.statusCode >= 300) problem = `answered ${response.statusCode}`;
    } catch (error) {
      const { name, message } = error as Error;
      problem = name === 'TimeoutError' || name === 'AbortError' ? `no answer in ${timeoutMs} ms` : message;
    }
    if (problem === undefined) {
      if (this.failing) this.logger.info({ lostSpans: this.lost }, 'tracing: exports resumed');
      this.failing = false;
      this.lost = 0;
      return;
    }
    this.lost += batch.length;
    if (!this.failing)
      this.logger.warn(
        { lostSpans: this.lost },
        `tracing: span export failed (${problem}); spans are dropped until an export succeeds`,
      );
    this.failing = true;
  }
}
