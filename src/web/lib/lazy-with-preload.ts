import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type Module<P> = { default: ComponentType<P> };

const registry = new Set<() => Promise<void>>();

/**
 * React.lazy that can be loaded ahead of rendering. Once loaded, the component renders without
 * suspending (React.lazy resolves synchronously when its thenable calls back at once), so the
 * build-time prerender writes real HTML instead of Suspense fallbacks and reveal scripts.
 */
export function lazyWithPreload<P extends object>(
  load: () => Promise<Module<P>>,
): LazyExoticComponent<ComponentType<P>> {
  let loaded: Module<P> | undefined;
  const preload = async () => {
    loaded ??= await load();
  };
  registry.add(preload);
  return lazy(() => {
    if (!loaded) return load().then((module) => (loaded = module));
    const ready = loaded;
    const resolved = { then: (resolve: (module: Module<P>) => void) => resolve(ready) };
    return resolved as unknown as Promise<Module<P>>;
  });
}

/** Loads every lazy component, including those that loading others declares. */
export async function preloadAllLazyComponents(): Promise<void> {
  const done = new Set<() => Promise<void>>();
  while (done.size < registry.size) {
    const pending = [...registry].filter((preload) => !done.has(preload));
    await Promise.all(pending.map((preload) => preload()));
    for (const preload of pending) done.add(preload);
  }
}
