import { describe, expect, it } from 'vitest';
import { clusterVectors } from './cluster-speakers.js';

const unit = (...values: number[]) => {
  const length = Math.hypot(...values);
  return Float64Array.from(values, (value) => value / length);
};

describe('clusterVectors', () => {
  const vectors = [
    unit(1, 0.1, 0),
    unit(1, -0.1, 0),
    unit(0.1, 1, 0),
    unit(-0.1, 1, 0.05),
    unit(0, 0.1, 1),
    unit(0.05, 0, 1),
  ];

  it('stops merging at the distance asked', () => {
    expect(clusterVectors(vectors, { mergeBelow: 0.5 })).toEqual([0, 0, 1, 1, 2, 2]);
  });

  it('gives exactly the number of clusters asked, joining the closest groups first', () => {
    expect(clusterVectors(vectors, { exactly: 3 })).toEqual([0, 0, 1, 1, 2, 2]);
    expect(new Set(clusterVectors(vectors, { exactly: 2 })).size).toBe(2);
    expect(clusterVectors(vectors, { exactly: 1 })).toEqual([0, 0, 0, 0, 0, 0]);
    expect(new Set(clusterVectors(vectors, { exactly: 6 })).size).toBe(6);
  });
});
