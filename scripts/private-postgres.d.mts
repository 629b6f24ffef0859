export interface PrivatePostgres {
  /** `postgres://…/test` */
  url: string;
  port: number;
  directory: string;
  start(): void;
  stop(): void;
  restart(): void;
  /** Stops the server and deletes its files. */
  remove(): void;
}
export function findPostgresBinaries(): string | undefined;
export function startPrivatePostgres(): Promise<PrivatePostgres>;
export function postgresVersion(bin?: string): string | undefined;
