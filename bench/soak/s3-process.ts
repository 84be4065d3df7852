// s3rver in a process of its own (the soak stops and starts it as an outage would):
// S3_PORT, S3_DIR, S3_BUCKET from the environment; prints "s3rver ready" once it listens.
import { newS3rver } from "../../tests/support/s3rver";

const server = newS3rver({ port: Number(process.env.S3_PORT), directory: process.env.S3_DIR!, bucket: process.env.S3_BUCKET! });
void server.run().then(({ port }) => {
  console.log(`s3rver ready on ${port}`);
  process.on("SIGTERM", () => void server.close().then(() => process.exit(0)));
});
