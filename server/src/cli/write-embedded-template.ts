// `node dist/server/write-embedded-template.js <file>`: run by the build.
import { writeEmbeddedTemplate } from '../db/embedded-template';

const file = process.argv[2];
if (!file) {
  console.error('Usage: write-embedded-template <file>');
  process.exit(2);
}
await writeEmbeddedTemplate(file);
