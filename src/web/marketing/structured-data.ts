/**
 * JSON-LD for search engines, written into the prerendered pages at build time only (the
 * prerenderer imports this module; the browser bundle does not). Absolute URLs use the
 * %BASE_URL% placeholder, which the server replaces with its BASE_URL.
 */
import { isValidElement, type ReactNode } from 'react';
import { PLANS } from '../../core/plans';
import { FOUNDED_YEAR, PRODUCT_NAME } from '../../core/product';
import type { Faq } from './components/faq-list';
import { AI_VS_HUMAN_FAQS } from './pages/compare/ai-vs-human-transcription-faqs';
import { FREE_VS_PAID_FAQS } from './pages/compare/free-vs-paid-tools-faqs';
import { OTTER_REV_DESCRIPT_FAQS } from './pages/compare/otter-vs-rev-vs-descript-faqs';
import { MP3_TO_TEXT_FAQS } from './pages/formats/mp3-to-text-faqs';
import { PRICING_FAQS } from './pages/pricing-faqs';
import { AUTOMATIC_TRANSCRIPTION_FAQS } from './pages/guides/automatic-transcription-faqs';
import { FREE_TRANSCRIPTION_FAQS } from './pages/guides/free-transcription-faqs';
import { SECURE_TRANSCRIPTION_FAQS } from './pages/guides/secure-transcription-faqs';
import { TRANSCRIPTION_SOFTWARE_FAQS } from './pages/guides/transcription-software-data';
import { VOICE_TO_TEXT_FAQS } from './pages/guides/voice-to-text-faqs';
import type { PublicPath } from './public-routes';

export type StructuredData = Record<string, unknown>;

const BASE_URL = '%BASE_URL%';
const CONTEXT = 'https://schema.org';

/** The FAQs each page shows, from the same modules the pages render. */
export const PAGE_FAQS: Partial<Record<PublicPath, Faq[]>> = {
  '/pricing': PRICING_FAQS,
  '/voice-to-text': VOICE_TO_TEXT_FAQS,
  '/automatic-transcription': AUTOMATIC_TRANSCRIPTION_FAQS,
  '/free-transcription': FREE_TRANSCRIPTION_FAQS,
  '/secure-transcription': SECURE_TRANSCRIPTION_FAQS,
  '/formats/mp3-to-text': MP3_TO_TEXT_FAQS,
  '/transcription-software': TRANSCRIPTION_SOFTWARE_FAQS,
  '/compare/otter-vs-rev-vs-descript': OTTER_REV_DESCRIPT_FAQS,
  '/compare/ai-vs-human-transcription': AI_VS_HUMAN_FAQS,
  '/compare/free-vs-paid-tools': FREE_VS_PAID_FAQS,
};

/** Pages that show the Pro plan's price. */
const PRO_OFFER_PAGES: string[] = ['/', '/features'];

/** The visible text of an answer (answers are strings today; elements are walked for their text). */
export function plainText(node: ReactNode): string {
  if (node === null || node === undefined || typeof node === 'boolean') return '';
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(plainText).join('');
  if (isValidElement<{ children?: ReactNode }>(node)) return plainText(node.props.children);
  return '';
}

export function organization(): StructuredData {
  return {
    '@context': CONTEXT,
    '@type': 'Organization',
    name: PRODUCT_NAME,
    url: `${BASE_URL}/`,
    logo: `${BASE_URL}/favicon.svg`,
    foundingDate: String(FOUNDED_YEAR),
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'customer support',
      url: `${BASE_URL}/contact`,
    },
  };
}

/** "$9.99" in plans.ts: the price is in US dollars. */
function priceCurrency(price: string): string {
  if (!price.startsWith('$')) throw new Error(`Unknown currency in the plan price ${price}`);
  return 'USD';
}

export function proOffer(): StructuredData {
  const pro = PLANS.pro;
  const price = (pro.priceCents / 100).toFixed(2);
  const currency = priceCurrency(pro.price);
  return {
    '@context': CONTEXT,
    '@type': 'Product',
    name: `${PRODUCT_NAME} ${pro.name}`,
    description: `${pro.description} ${pro.features.join(', ')}.`,
    brand: { '@type': 'Brand', name: PRODUCT_NAME },
    offers: {
      '@type': 'Offer',
      url: `${BASE_URL}/#pricing`,
      price,
      priceCurrency: currency,
      availability: 'https://schema.org/InStock',
      priceSpecification: {
        '@type': 'UnitPriceSpecification',
        price,
        priceCurrency: currency,
        referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: 'MON' },
      },
    },
  };
}

export function faqPage(faqs: Faq[]): StructuredData {
  return {
    '@context': CONTEXT,
    '@type': 'FAQPage',
    mainEntity: faqs.map((faq) => ({
      '@type': 'Question',
      name: faq.question,
      acceptedAnswer: { '@type': 'Answer', text: plainText(faq.answer) },
    })),
  };
}

/** The JSON-LD blocks for a public page (or `/`). */
export function structuredDataFor(path: string): StructuredData[] {
  const data: StructuredData[] = [];
  if (path === '/') data.push(organization());
  if (PRO_OFFER_PAGES.includes(path)) data.push(proOffer());
  const faqs = PAGE_FAQS[path as PublicPath];
  if (faqs) data.push(faqPage(faqs));
  return data;
}
