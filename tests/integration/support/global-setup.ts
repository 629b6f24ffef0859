import { pgliteTemplateDirectory } from './pglite-template.js';

export default async function setup() {
  await pgliteTemplateDirectory();
}
