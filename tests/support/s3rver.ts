import { createRequire } from "node:module";

// s3rver ships no type declarations; this is the part of its API the tests and the soak use.
export interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
  httpServer?: import("node:http").Server;
}
type S3rverConstructor = new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}) => S3rverInstance;

const S3rver = createRequire(import.meta.url)("s3rver") as S3rverConstructor;

/** An s3rver on 127.0.0.1 (`port` 0 for any), storing under `directory`, with one bucket; not yet running. */
export function newS3rver(options: { port: number; directory: string; bucket: string }): S3rverInstance {
  return new S3rver({
    address: "127.0.0.1",
    port: options.port,
    silent: true,
    directory: options.directory,
    configureBuckets: [{ name: options.bucket }],
  });
}
