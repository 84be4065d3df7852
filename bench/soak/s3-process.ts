// s3rver in a process of its own (the soak stops and starts it as an outage would):
// S3_PORT, S3_DIR, S3_BUCKET from the environment; prints "s3rver ready" once it listens.
import { createRequire } from "node:module";

interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
type S3rverConstructor = new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}) => S3rverInstance;

const S3rver = createRequire(import.meta.url)("s3rver") as S3rverConstructor;

const server = new S3rver({
  address: "127.0.0.1",
  port: Number(process.env.S3_PORT),
  silent: true,
  directory: process.env.S3_DIR!,
  configureBuckets: [{ name: process.env.S3_BUCKET! }],
});
void server.run().then(({ port }) => {
  console.log(`s3rver ready on ${port}`);
  process.on("SIGTERM", () => void server.close().then(() => process.exit(0)));
});
