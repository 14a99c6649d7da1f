import { isUtf8 } from 'node:buffer';

/**
 * JSON for the JSON-RPC servers, without losing integers: the node (serde) reads ids and u64
 * fields exactly, while `JSON.parse` rounds integers above 2^53. Integers outside the safe range
 * are read as bigint, and bigints are written back as plain JSON numbers.
 */

/** Thrown for a body that is not JSON; the server answers -32700. */
export class JsonSyntaxError extends Error {}

/** Decodes a request body; invalid UTF-8 is a parse error, as for serde_json (never replaced by U+FFFD). */
export function decodeUtf8(bytes: Uint8Array): string {
  if (!isUtf8(bytes)) throw new JsonSyntaxError('invalid UTF-8');
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
}

// Only a run of 16 digits can be an integer beyond 2^53 (9007199254740992 has 16 digits).
const LONG_DIGIT_RUN = /\d{16}/;

export function parseJson(text: string): unknown {
  if (!LONG_DIGIT_RUN.test(text)) {
    try {
      return JSON.parse(text);
    } catch (error) {
      throw new JsonSyntaxError((error as Error).message);
    }
  }
  try {
    return new Parser(text).parseDocument();
  } catch (error) {
    if (error instanceof JsonSyntaxError) throw error;
    // a stack overflow on absurd nesting: not a request the node would read either
    throw new JsonSyntaxError((error as Error).message);
  }
}

const NUMBER = /-?(?:0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;
const WHITESPACE = /[ \t\n\r]*/y;

/** RFC 8259 JSON, numbers kept exact; strings are decoded by JSON.parse itself. */
class Parser {
  #pos = 0;
  constructor(private readonly text: string) {}

  parseDocument(): unknown {
    const value = this.#value();
    this.#skipWhitespace();
    if (this.#pos !== this.text.length) this.#fail('unexpected data after the JSON value');
    return value;
  }

  #fail(why: string): never {
    throw new JsonSyntaxError(`${why} at position ${this.#pos}`);
  }

  #skipWhitespace(): void {
    WHITESPACE.lastIndex = this.#pos;
    WHITESPACE.exec(this.text);
    this.#pos = WHITESPACE.lastIndex;
  }

  #value(): unknown {
    this.#skipWhitespace();
    const c = this.text[this.#pos];
    switch (c) {
      case '{':
        return this.#object();
      case '[':
        return this.#array();
      case '"':
        return this.#string();
      case 't':
        return this.#literal('true', true);
      case 'f':
        return this.#literal('false', false);
      case 'n':
        return this.#literal('null', null);
      default:
        return this.#number();
    }
  }

  #literal<T>(word: string, value: T): T {
    if (!this.text.startsWith(word, this.#pos)) this.#fail('unexpected token');
    this.#pos += word.length;
    return value;
  }

  #number(): number | bigint {
    NUMBER.lastIndex = this.#pos;
    const match = NUMBER.exec(this.text);
    if (!match) this.#fail('unexpected token');
    this.#pos = NUMBER.lastIndex;
    const token = match[0];
    if (match[1] === undefined && match[2] === undefined) {
      const value = Number(token);
      return Number.isSafeInteger(value) ? value : BigInt(token);
    }
    return Number(token);
  }

  #string(): string {
    const start = this.#pos;
    let i = start + 1;
    for (;;) {
      const end = this.text.indexOf('"', i);
      if (end < 0) this.#fail('unterminated string');
      let backslashes = 0;
      for (let j = end - 1; this.text[j] === '\\'; j--) backslashes++;
      if (backslashes % 2 === 0) {
        this.#pos = end + 1;
        break;
      }
      i = end + 1;
    }
    try {
      return JSON.parse(this.text.slice(start, this.#pos)) as string;
    } catch (error) {
      this.#pos = start;
      return this.#fail((error as Error).message);
    }
  }

  #array(): unknown[] {
    this.#pos++;
    const out: unknown[] = [];
    this.#skipWhitespace();
    if (this.text[this.#pos] === ']') {
      this.#pos++;
      return out;
    }
    for (;;) {
      out.push(this.#value());
      this.#skipWhitespace();
      const c = this.text[this.#pos++];
      if (c === ']') return out;
      if (c !== ',') this.#fail("expected ',' or ']'");
    }
  }

  #object(): Record<string, unknown> {
    this.#pos++;
    const out: Record<string, unknown> = {};
    this.#skipWhitespace();
    if (this.text[this.#pos] === '}') {
      this.#pos++;
      return out;
    }
    for (;;) {
      this.#skipWhitespace();
      if (this.text[this.#pos] !== '"') this.#fail('expected a property name');
      const key = this.#string();
      this.#skipWhitespace();
      if (this.text[this.#pos++] !== ':') this.#fail("expected ':'");
      // defineProperty: a "__proto__" key is data, as with JSON.parse, not a prototype change
      Object.defineProperty(out, key, { value: this.#value(), enumerable: true, writable: true, configurable: true });
      this.#skipWhitespace();
      const c = this.text[this.#pos++];
      if (c === '}') return out;
      if (c !== ',') this.#fail("expected ',' or '}'");
    }
  }
}

// Where a RawJson stands in stringifyJson's first pass: a string no value of an answer holds.
const RAW_MARKER = `\u0000raw-${Math.random().toString(36).slice(2)}:`;
const RAW_MARKERS = new RegExp(`${escapeRegExp(JSON.stringify(RAW_MARKER).slice(0, -1))}(\\d+)"`, 'g');
/** The texts of the RawJson values met by the stringifyJson running, null outside one. */
let rawTexts: string[] | null = null;

/**
 * JSON text that stringifyJson writes verbatim where this value stands: a value that appears many
 * times in one answer (the same element asked for again) is serialized once.
 */
export class RawJson {
  constructor(readonly text: string) {}

  toJSON(): unknown {
    if (rawTexts === null) return JSON.parse(this.text);
    rawTexts.push(this.text);
    return RAW_MARKER + (rawTexts.length - 1);
  }
}

/**
 * JSON text in parts, the texts of RawJson values among them: written part by part, a part that
 * repeats is encoded once and the same bytes sent again, so the whole text never has to exist.
 */
export class SplicedJson {
  constructor(readonly parts: readonly string[]) {}

  toString(): string {
    return this.parts.join('');
  }

  /** The UTF-8 encoding, part by part; a repeated part is the same Buffer. */
  buffers(): Buffer[] {
    const encoded = new Map<string, Buffer>();
    return this.parts.map((part) => {
      let bytes = encoded.get(part);
      if (!bytes) encoded.set(part, (bytes = Buffer.from(part)));
      return bytes;
    });
  }
}

/** A JSON text, whole or in parts. */
export type JsonText = string | SplicedJson;

export function byteLengthOf(text: JsonText): number {
  if (typeof text === 'string') return Buffer.byteLength(text);
  const lengths = new Map<string, number>();
  let total = 0;
  for (const part of text.parts) {
    let length = lengths.get(part);
    if (length === undefined) lengths.set(part, (length = Buffer.byteLength(part)));
    total += length;
  }
  return total;
}

/**
 * JSON.stringify, except that bigints are written as JSON numbers and RawJson values as their
 * text. The common case (no bigint) runs JSON.stringify alone; only a value holding a bigint
 * takes the slower path.
 */
export function stringifyJson(value: unknown): string {
  return String(serializeJson(value));
}

/** stringifyJson, leaving a text holding RawJson values in parts (see SplicedJson). */
export function serializeJson(value: unknown): JsonText {
  const outer = rawTexts;
  rawTexts = [];
  try {
    const text = stringifyWithBigints(value);
    const texts = rawTexts;
    if (texts.length === 0) return text;
    // split with a capturing group: text, index, text, index, …, text
    const parts = text.split(RAW_MARKERS);
    for (let i = 1; i < parts.length; i += 2) parts[i] = texts[Number(parts[i])]!;
    return new SplicedJson(parts);
  } finally {
    rawTexts = outer;
  }
}

function stringifyWithBigints(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch (error) {
    if (!(error instanceof TypeError) || !/BigInt/i.test(error.message)) throw error;
  }
  rawTexts = [];
  const marker = `\u0000bigint-${Math.random().toString(36).slice(2)}:`;
  const text = JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? marker + v.toString() : v));
  const quotedMarker = JSON.stringify(marker).slice(0, -1);
  return text.replaceAll(new RegExp(`${escapeRegExp(quotedMarker)}(-?\\d+)"`, 'g'), '$1');
}

function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');
}
