/**
 * JSON written straight into bytes, for the parts of goal pushes: a goal writes one for every group
 * of the year, each sent to several members. Written as bytes once, a part goes to each socket as
 * it is (no text to measure and encode again per member), and building it leaves nothing behind for
 * the garbage collector but its view.
 */
export class JsonBytes {
  private bytes: Buffer;
  /** Where the next byte goes; set it back to drop what was written since. */
  length = 0;

  constructor(capacity = 1 << 20) {
    this.bytes = Buffer.allocUnsafe(capacity);
  }

  /** Text known to be ASCII: keys, punctuation, names of accuracies. */
  ascii(text: string): void {
    this.reserve(text.length);
    const { bytes } = this;
    let at = this.length;
    for (let index = 0; index < text.length; index++) bytes[at++] = text.charCodeAt(index);
    this.length = at;
  }

  /** Any text, in UTF-8. */
  text(text: string): void {
    this.reserve(3 * text.length);
    this.length += this.bytes.write(text, this.length, 'utf8');
  }

  /** A number as JSON writes it. */
  number(value: number): void {
    // Points and ranks are small whole numbers: their digits are written without a string.
    if (!Number.isInteger(value) || value < 0 || value > 0x7fffffff) return this.ascii(String(value));
    let digits = 1;
    for (let rest = value; rest >= 10; rest = (rest / 10) | 0) digits++;
    this.reserve(digits);
    let at = this.length + digits;
    this.length = at;
    do {
      this.bytes[--at] = 48 + (value % 10);
      value = (value / 10) | 0;
    } while (value > 0);
  }

  /** A string, quoted and escaped as JSON writes it. */
  string(value: string): void {
    this.reserve(value.length + 2);
    const { bytes } = this;
    let at = this.length;
    bytes[at++] = 0x22;
    for (let index = 0; index < value.length; index++) {
      const code = value.charCodeAt(index);
      // Logins and ids are printable ASCII but for the odd one, which JSON itself escapes.
      if (code < 0x20 || code > 0x7e || code === 0x22 || code === 0x5c) return this.text(JSON.stringify(value));
      bytes[at++] = code;
    }
    bytes[at++] = 0x22;
    this.length = at;
  }

  /**
   * What was written from `start` on. The view stays as it is when more is written, even past the
   * capacity (a bigger buffer takes over), but not after `reset`.
   */
  view(start: number): Buffer {
    return this.bytes.subarray(start, this.length);
  }

  /**
   * Room for `capacity` bytes in all, made now rather than while writing: V8 counts fresh memory
   * outside its heap, and tens of megabytes of it taken during a goal start a full collection in
   * the middle of that goal.
   */
  reserveTotal(capacity: number): void {
    if (capacity > this.bytes.length) this.resize(capacity);
  }

  /** Writes from the start again, over the bytes of every view taken so far. */
  reset(): void {
    this.length = 0;
  }

  private reserve(count: number): void {
    if (this.length + count > this.bytes.length) this.resize(Math.max(2 * this.bytes.length, this.length + count));
  }

  private resize(capacity: number): void {
    const bigger = Buffer.allocUnsafe(capacity);
    this.bytes.copy(bigger, 0, 0, this.length);
    this.bytes = bigger;
  }
}
