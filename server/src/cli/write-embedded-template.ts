// `node dist/server/write-embedded-template.js <directory>`: run by the build.
import { writeEmbeddedTemplate } from '../db/embedded-template';
import { jobQueueConstruction } from '../jobs/job-queue';

const dir = process.argv[2];
if (!dir) {
  console.error('Usage: write-embedded-template <directory>');
  process.exit(2);
}
await writeEmbeddedTemplate(dir, jobQueueConstruction('public'));
