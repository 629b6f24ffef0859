/** One merge of average-linkage clustering: the two clusters (as item lists) and their distance. */
interface Merge {
  a: number;
  b: number;
  distance: number;
}

/** Cosine distance between two vectors of length 1. */
export function cosineDistance(a: Float64Array, b: Float64Array): number {
  let dot = 0;
  for (let index = 0; index < a.length; index += 1) dot += a[index]! * b[index]!;
  return 1 - dot;
}

/**
 * Average-linkage agglomerative clustering by the nearest-neighbour chain (O(n²) time and memory),
 * returned as merges in order of distance.
 */
function averageLinkageMerges(vectors: readonly Float64Array[]): Merge[] {
  const n = vectors.length;
  const distance = new Float64Array(n * n);
  for (let i = 0; i < n; i += 1)
    for (let j = i + 1; j < n; j += 1) {
      const d = cosineDistance(vectors[i]!, vectors[j]!);
      distance[i * n + j] = d;
      distance[j * n + i] = d;
    }
  const size = new Float64Array(n).fill(1);
  const active = new Uint8Array(n).fill(1);
  const merges: Merge[] = [];
  const chain: number[] = [];
  let remaining = n;
  while (remaining > 1) {
    if (chain.length === 0) chain.push(active.indexOf(1));
    const top = chain[chain.length - 1]!;
    const previous = chain.length > 1 ? chain[chain.length - 2]! : -1;
    let nearest = -1;
    let nearestDistance = Number.POSITIVE_INFINITY;
    for (let other = 0; other < n; other += 1) {
      if (other === top || !active[other]) continue;
      const d = distance[top * n + other]!;
      // Ties go to the previous link, so the chain always ends in a reciprocal pair.
      if (d < nearestDistance || (d === nearestDistance && other === previous)) {
        nearest = other;
        nearestDistance = d;
      }
    }
    if (nearest !== previous) {
      chain.push(nearest);
      continue;
    }
    chain.pop();
    chain.pop();
    // The merged cluster keeps the lower index; Lance-Williams for the average linkage.
    const [keep, drop] = top < nearest ? [top, nearest] : [nearest, top];
    merges.push({ a: keep, b: drop, distance: nearestDistance });
    for (let other = 0; other < n; other += 1) {
      if (!active[other] || other === keep || other === drop) continue;
      const d =
        (size[keep]! * distance[keep * n + other]! + size[drop]! * distance[drop * n + other]!) /
        (size[keep]! + size[drop]!);
      distance[keep * n + other] = d;
      distance[other * n + keep] = d;
    }
    size[keep] = size[keep]! + size[drop]!;
    active[drop] = 0;
    remaining -= 1;
  }
  return merges.sort((x, y) => x.distance - y.distance);
}

export type ClusterCount = { exactly: number } | { mergeBelow: number };

/**
 * Clusters vectors of length 1 by average linkage on cosine distance, stopping at exactly the
 * count asked for, or when the closest two clusters are at least `mergeBelow` apart.
 * Returns each vector's cluster, numbered from 0.
 */
export function clusterVectors(vectors: readonly Float64Array[], count: ClusterCount): number[] {
  return dendrogram(vectors)(count);
}

/** Clusters once; the answer cuts the tree at any count or distance without clustering again. */
export function dendrogram(vectors: readonly Float64Array[]): (count: ClusterCount) => number[] {
  const merges = averageLinkageMerges(vectors);
  return (count) => cut(vectors.length, merges, count);
}

function cut(n: number, merges: readonly Merge[], count: ClusterCount): number[] {
  const parent = Array.from({ length: n }, (_, index) => index);
  const root = (item: number): number => {
    while (parent[item] !== item) item = parent[item] = parent[parent[item]!]!;
    return item;
  };
  let clusters = n;
  for (const merge of merges) {
    if ('exactly' in count ? clusters <= count.exactly : merge.distance >= count.mergeBelow) break;
    parent[root(merge.b)] = root(merge.a);
    clusters -= 1;
  }
  const numbers = new Map<number, number>();
  return parent.map((_, item) => {
    const cluster = root(item);
    if (!numbers.has(cluster)) numbers.set(cluster, numbers.size);
    return numbers.get(cluster)!;
  });
}
