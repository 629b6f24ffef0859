/** Names what a file that is not a whisper.cpp model most likely is, from its first bytes. */
export function describeForeignFormat(start: Buffer): string {
  const ascii = start.toString('latin1');
  const trimmed = ascii.trimStart();
  if (ascii.startsWith('GGUF')) {
    return 'it is a GGUF file, the format of llama.cpp models; whisper.cpp needs a ggml-*.bin file';
  }
  if (ascii.startsWith('PK\u0003\u0004')) {
    return 'it is a zip archive, such as a PyTorch checkpoint; whisper.cpp needs a converted ggml-*.bin file';
  }
  if (ascii.startsWith('version https://git-lfs')) {
    return 'it is a Git LFS pointer, not the model itself';
  }
  if (trimmed.startsWith('<'))
    return 'it is an HTML or XML page, probably an error page saved by a failed download';
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    return 'it is JSON text, probably an error answer saved by a failed download';
  }
  if (start.length >= 9 && start[8] === 0x7b && start.readBigUInt64LE(0) < 100_000_000n) {
    return 'it is a safetensors file; whisper.cpp needs a converted ggml-*.bin file';
  }
  if (ascii.startsWith('RIFF') || ascii.startsWith('ID3') || ascii.startsWith('fLaC')) {
    return 'it is an audio file';
  }
  const hex = start.subarray(0, 8).toString('hex').replace(/(..)/g, '$1 ').trim();
  return `unknown format, first bytes ${hex}`;
}
