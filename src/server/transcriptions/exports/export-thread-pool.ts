import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ExportFormat } from '../../../core/api/transcription-values.js';
import type { ExportFile, ExportSource } from './export-format.js';
import type { ExportReply, ExportRequest } from './export-thread-messages.js';

interface Task {
  format: ExportFormat;
  source: ExportSource;
  resolve: (file: ExportFile) => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: Worker;
  task: { id: number; work: Task } | undefined;
}

/**
 * From the compiled build the thread runs `export-thread.js` beside this file. From TypeScript
 * sources (tsx, Vitest) it runs the `.ts` file through tsx's require hook: Node 20 does not apply
 * ESM loader hooks inside workers.
 */
function threadEntry(): { script: URL | string; eval: boolean } {
  const moduleUrl = import.meta.url;
  if (!moduleUrl.endsWith('.ts'))
    return { script: new URL('./export-thread.js', moduleUrl), eval: false };
  const tsxRequireHook = createRequire(moduleUrl).resolve('tsx/cjs');
  const threadPath = fileURLToPath(new URL('./export-thread.ts', moduleUrl));
  return {
    script: `require(${JSON.stringify(tsxRequireHook)});\nrequire(${JSON.stringify(threadPath)});`,
    eval: true,
  };
}

/**
 * A few long-lived threads that build export files, so a large SRT, DOCX or PDF never holds up
 * the event loop other users' requests wait on. Exports beyond the pool's size wait their turn.
 */
export class ExportThreadPool {
  private readonly threads = new Set<Thread>();
  private readonly queue: Task[] = [];
  private nextId = 1;
  private closed = false;

  constructor(readonly size: number) {}

  run(format: ExportFormat, source: ExportSource): Promise<ExportFile> {
    if (this.closed) return Promise.reject(new Error('the export threads are closed'));
    return new Promise<ExportFile>((resolve, reject) => {
      this.queue.push({ format, source, resolve, reject });
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.queue.splice(0)) task.reject(new Error('the export threads closed'));
    await Promise.all([...this.threads].map((thread) => this.retire(thread, 'closed')));
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const idle = [...this.threads].find((thread) => thread.task === undefined);
      const thread = idle ?? (this.threads.size < this.size ? this.spawn() : undefined);
      const work = thread && this.queue.shift();
      if (!thread || !work) return;
      const id = this.nextId++;
      thread.task = { id, work };
      thread.worker.ref();
      const request: ExportRequest = { id, format: work.format, source: work.source };
      thread.worker.postMessage(request);
    }
  }

  private spawn(): Thread {
    const entry = threadEntry();
    const worker = new Worker(entry.script, { eval: entry.eval });
    const thread: Thread = { worker, task: undefined };
    this.threads.add(thread);
    worker.on('message', (reply: ExportReply) => this.onReply(thread, reply));
    worker.on('error', (error: Error) => void this.retire(thread, `failed: ${error.message}`));
    worker.on('exit', (code) => void this.retire(thread, `stopped (exit code ${code})`));
    return thread;
  }

  private onReply(thread: Thread, reply: ExportReply): void {
    const task = thread.task;
    if (!task || task.id !== reply.id) return;
    thread.task = undefined;
    // An idle thread must not keep the process alive.
    thread.worker.unref();
    if (reply.ok) {
      const body = Buffer.from(reply.bytes.buffer, reply.bytes.byteOffset, reply.bytes.byteLength);
      task.work.resolve({ contentType: reply.contentType, extension: reply.extension, body });
    } else {
      task.work.reject(new Error(`the ${task.work.format} export failed: ${reply.message}`));
    }
    this.dispatch();
  }

  private async retire(thread: Thread, how: string): Promise<void> {
    if (!this.threads.delete(thread)) return;
    thread.task?.work.reject(new Error(`an export thread ${how}`));
    thread.task = undefined;
    await thread.worker.terminate();
    if (!this.closed) this.dispatch();
  }
}
