/** The SignalR record separator: every JSON record ends with it. */
export const SEPARATOR = '\x1e';

/** One record as it goes on the wire. */
export function record(message: unknown): string {
  return JSON.stringify(message) + SEPARATOR;
}

export const HANDSHAKE_OK = record({});
export const PING = record({ type: 6 });

/** A `notify` push carrying the items as one array argument. */
export function notifyRecord(items: readonly unknown[]): string {
  return record({ type: 1, target: 'notify', arguments: [items] });
}

/** The same push from items already serialized to JSON bytes (each written once for many connections). */
export function notifyRecordOfJson(items: readonly Buffer[]): Buffer {
  return Buffer.concat([Buffer.from('{"type":1,"target":"notify","arguments":[['), ...items.flatMap((item, at) => (at === 0 ? [item] : [COMMA, item])), NOTIFY_END]);
}

const [COMMA, NOTIFY_END] = [Buffer.from(','), Buffer.from(`]]}${SEPARATOR}`)];

/** The completion of an invocation; `result` absent for a void method. */
export function completionRecord(invocationId: string, outcome: { result?: unknown; error?: string }): string {
  return record({ type: 3, invocationId, ...outcome });
}

/**
 * Splits received text into whole records, keeping an unfinished tail for the next frame:
 * a client may pack several records in one frame or split one across frames.
 */
export class RecordSplitter {
  private tail = '';

  /** The complete records in `text` (after what was kept from earlier frames). */
  push(text: string): string[] {
    const parts = (this.tail + text).split(SEPARATOR);
    this.tail = parts.pop() ?? '';
    return parts.filter((part) => part.length > 0);
  }

  /** Characters waiting for their separator. */
  get pending(): number {
    return this.tail.length;
  }
}
