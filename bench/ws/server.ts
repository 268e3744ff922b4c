import { type ChildProcess, spawn } from 'node:child_process';

/**
 * The built server (apps/server/dist/main.js) in a child process. Kept apart from the spot fixture on purpose: that
 * one imports the whole app, which this benchmark does not need.
 */
export class ServerProcess {
  private constructor(
    readonly child: ChildProcess,
    readonly url: string,
    readonly exited: Promise<number | null>,
  ) {}

  get wsUrl(): string {
    return `${this.url.replace(/^http/, 'ws')}/ws`;
  }

  /** `detached`: in a session of its own (see `prioritise`); it is killed when this process exits anyway. */
  static async start(
    main: string,
    env: Record<string, string>,
    nodeArgs: string[] = [],
    detached = false,
  ): Promise<ServerProcess> {
    const child = spawn(process.execPath, [...nodeArgs, main], {
      env: { ...process.env, HOST: '127.0.0.1', PORT: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached,
    });
    const kill = () => child.kill('SIGKILL');
    process.once('exit', kill);
    child.once('exit', () => process.off('exit', kill));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    let output = '';
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const match = /Bourse is running: (http:\/\/\S+)/.exec(output);
        if (match?.[1]) {
          clearTimeout(timer);
          child.stdout?.off('data', onData);
          child.stdout?.resume();
          resolve(match[1].replace('localhost', '127.0.0.1'));
        }
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      void exited.then((code) => {
        clearTimeout(timer);
        reject(new Error(`server exited with ${code}:\n${output}`));
      });
    });
    return new ServerProcess(child, url, exited);
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    this.child.kill('SIGTERM');
    await this.exited;
  }
}
