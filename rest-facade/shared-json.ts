import { randomBytes } from 'node:crypto';

/**
 * Objects a reply holds many times, serialized once for the whole reply: a page of pull requests names its
 * repository in each of them (base and head: two thirds of the page's bytes), and JSON.stringify would write it
 * again each time. `once(value)` writes the value's JSON at once and makes the value stand in the reply's JSON as a
 * placeholder string (its `toJSON`); `splice(json)` puts each value's JSON in place of its placeholder.
 *
 * A placeholder is a string of a control character, a random nonce of this process and the value's number: JSON
 * writes a control character escaped, so it is `"\u0001<nonce>:<n>"` in the reply's JSON, and no text of a user
 * (which never knows the nonce) can be taken for it. A value must not change once marked.
 */
const NONCE = randomBytes(12).toString('hex');
/** How JSON.stringify writes the start of a placeholder (the control character escaped). */
const WRITTEN_START = `"\\u0001${NONCE}:`;
const PLACEHOLDER = new RegExp(`"\\\\u0001${NONCE}:(\\d+)"`, 'g');

export class SharedJson {
  private readonly written: string[] = [];

  /** Marks `value` (an object built for this reply alone) to be written once; answers it. */
  once<T extends object>(value: T): T {
    const index = this.written.length;
    this.written.push(JSON.stringify(value));
    const placeholder = `\u0001${NONCE}:${index}`;
    Object.defineProperty(value, 'toJSON', { value: () => placeholder, enumerable: false, configurable: true });
    return value;
  }

  /** The reply's JSON (from JSON.stringify) with each marked value's JSON in place of its placeholder. */
  splice(json: string): string {
    if (this.written.length === 0 || !json.includes(WRITTEN_START)) return json;
    return json.replace(PLACEHOLDER, (_match, index: string) => this.written[Number(index)]);
  }
}
