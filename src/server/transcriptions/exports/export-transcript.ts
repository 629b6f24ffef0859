import { AppError } from '../../errors/app-error.js';
import type { ExportFormat } from '../../../core/api-types.js';
import type { ExportFile, ExportSource } from './export-format.js';
import { exportTxt } from './txt.js';

const EXPORTERS: Partial<
  Record<ExportFormat, (source: ExportSource) => ExportFile | Promise<ExportFile>>
> = {
  txt: exportTxt,
};

export function exportTranscript(format: ExportFormat, source: ExportSource) {
  const exporter = EXPORTERS[format];
  if (!exporter) throw new AppError('bad_request', `${format} export is not available yet.`);
  return exporter(source);
}
