let context: CanvasRenderingContext2D | null | undefined;

/**
 * How wide `text` is drawn in `font` (a CSS font shorthand), in px. Where there is no canvas (tests in jsdom) an
 * estimate: a CJK character is as wide as the font size, any other about half of it.
 */
export function textWidth(text: string, font: string): number {
  // jsdom has no canvas (and complains when asked for one).
  const canvas = typeof document !== 'undefined' && !navigator.userAgent.includes('jsdom');
  if (context === undefined) context = canvas ? document.createElement('canvas').getContext('2d') : null;
  if (context) {
    context.font = font;
    return context.measureText(text).width;
  }
  const size = Number(/(\d+)px/.exec(font)?.[1] ?? 14);
  return [...text].reduce((width, char) => width + (/[\u3000-\u9fff\uff00-\uffef]/.test(char) ? size : size * 0.6), 0);
}
