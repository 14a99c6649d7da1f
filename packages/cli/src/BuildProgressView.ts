export interface ProgressStream {
  isTTY?: boolean;
  write(text: string): unknown;
}

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
const CLEAR_LINE = '\r\x1b[2K';

/**
 * What `mason build` shows while it compiles. On a terminal, a status line under the finished
 * contracts names those compiling, with a spinner, and is rewritten in place; elsewhere (a pipe,
 * a file, CI logs) only the finished lines are written, as plain lines.
 */
export class BuildProgressView {
  private readonly compiling: string[] = [];
  private finished = 0;
  private frame = 0;
  private timer: ReturnType<typeof setInterval> | undefined;
  private shown = false;

  constructor(
    private readonly stream: ProgressStream,
    private readonly dim: (text: string) => string = (text) => text,
  ) {}

  private get live(): boolean {
    return this.stream.isTTY === true;
  }

  start(contract: string): void {
    if (!this.live) return;
    this.compiling.push(contract);
    // Worker threads compile while this thread is free to animate; unref: never keeps a process alive.
    this.timer ??= setInterval(() => this.render(), 80).unref();
    this.render();
  }

  /** A contract is done: its line goes above the status line. */
  done(contract: string, line: string): void {
    const index = this.compiling.indexOf(contract);
    if (index >= 0) this.compiling.splice(index, 1);
    this.finished++;
    this.clear();
    this.stream.write(`${line}\n`);
    if (this.live && this.compiling.length > 0) this.render();
  }

  /** Removes the status line and stops the spinner; call it when the build ends, however it ends. */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.compiling.length = 0;
    this.clear();
  }

  private clear(): void {
    if (!this.shown) return;
    this.stream.write(CLEAR_LINE);
    this.shown = false;
  }

  private render(): void {
    if (this.compiling.length === 0) return;
    this.frame = (this.frame + 1) % FRAMES.length;
    const done = this.finished > 0 ? this.dim(` (${this.finished} done)`) : '';
    this.stream.write(`${CLEAR_LINE}  ${FRAMES[this.frame]} compiling ${this.compiling.join(', ')}${done}`);
    this.shown = true;
  }
}
