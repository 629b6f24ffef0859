import { useEffect } from 'react';

export interface PageMeta {
  title: string;
  description: string;
  noindex?: boolean;
}

function setNamedMeta(name: string, content: string | null) {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (content === null) {
    element?.remove();
    return;
  }
  if (!element) {
    element = document.createElement('meta');
    element.name = name;
    document.head.append(element);
  }
  element.content = content;
}

/**
 * Keeps the document title, description and robots tag in step with client-side navigation;
 * the prerenderer writes the same values into each page's static HTML.
 */
export function usePageMeta({ title, description, noindex }: PageMeta) {
  useEffect(() => {
    document.title = title;
    setNamedMeta('description', description);
    setNamedMeta('robots', noindex ? 'noindex' : null);
  }, [title, description, noindex]);
}
