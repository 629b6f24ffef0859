import { GIGABYTE, MEGABYTE } from '../../core/plans.js';

export function formatPlanBytes(bytes: number): string {
  return bytes >= GIGABYTE ? `${bytes / GIGABYTE} GB` : `${bytes / MEGABYTE} MB`;
}
