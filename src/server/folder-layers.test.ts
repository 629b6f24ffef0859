import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

describe("the server's folders", () => {
  it('import only from the layers below them, so no two folders import each other', async () => {
    const eslint = new ESLint({
      ruleFilter: ({ ruleId }) => ruleId === 'import-x/no-restricted-paths',
    });
    const results = await eslint.lintFiles(['src/server/**/*.ts']);
    const crossings = results.flatMap((result) =>
      result.messages.map((message) => `${result.filePath}:${message.line} ${message.message}`),
    );
    expect(crossings).toEqual([]);
    // ESLint resolves every import of the server: on a busy 2-core machine that takes a minute.
  }, 180_000);
});
