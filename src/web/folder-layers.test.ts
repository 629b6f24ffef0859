import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const RULE = 'import-x/no-restricted-paths';

interface Zone {
  target: string;
  from: string[];
}

/** `app`, `lib`, `features/library`…: the folder a file of src/web belongs to, if any. */
function folderOf(filePath: string): string | undefined {
  const parts = filePath.split('/src/web/')[1]?.split('/') ?? [];
  if (parts[0] === 'features') return parts.length > 2 ? `features/${parts[1]}` : undefined;
  return parts.length > 1 ? parts[0] : undefined;
}

describe("the web app's folders", () => {
  it('import only from the layers below them, and every folder has its layer', async () => {
    const eslint = new ESLint({ ruleFilter: ({ ruleId }) => ruleId === RULE });
    const results = await eslint.lintFiles(['src/web/**/*.{ts,tsx}']);
    const crossings = results.flatMap((result) =>
      result.messages.map((message) => `${result.filePath}:${message.line} ${message.message}`),
    );
    expect(crossings).toEqual([]);

    // A folder missing from WEB_LAYERS would be free to import anything.
    const product = results.find((result) => result.filePath.endsWith('src/web/app/app.tsx'));
    const config = (await eslint.calculateConfigForFile(product!.filePath)) as {
      rules: Record<string, [unknown, { zones: Zone[] }]>;
    };
    const zones = config.rules[RULE]![1].zones;
    const layered = new Set(
      zones.flatMap((zone) => [zone.target, ...zone.from]).map((glob) => folderOf(`/${glob}`)),
    );
    const folders = new Set(results.map((result) => folderOf(result.filePath)));
    folders.delete(undefined);
    expect([...folders].filter((folder) => !layered.has(folder))).toEqual([]);
  });
});
