/** Copy-paste examples for the Developer API, filled with this server's address. */
export function apiExamples(serverUrl: string, key: string) {
  return {
    curl: [
      `curl ${serverUrl}/v1/audio/transcriptions \\`,
      `  -H "Authorization: Bearer ${key}" \\`,
      `  -F file=@interview.mp3 \\`,
      `  -F model=whisper-1 \\`,
      `  -F response_format=verbose_json`,
    ].join('\n'),
    openai: [
      `import fs from 'node:fs';`,
      `import OpenAI from 'openai';`,
      ``,
      `const client = new OpenAI({`,
      `  baseURL: '${serverUrl}/v1',`,
      `  apiKey: '${key}',`,
      `  // Answers come when the transcript is done: allow long files more than the default 10 minutes.`,
      `  timeout: 60 * 60 * 1000,`,
      `});`,
      ``,
      `const transcript = await client.audio.transcriptions.create({`,
      `  file: fs.createReadStream('interview.mp3'),`,
      `  model: 'whisper-1',`,
      `});`,
      `console.log(transcript.text);`,
    ].join('\n'),
  };
}
