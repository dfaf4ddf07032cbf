// The layout check every story runs after its play function: text that reaches past the box holding
// it (a long German team name through a table cell, a 24-character name under the rank arrow) is a
// defect a designer sees at once, and axe does not look for it.

/** Half a pixel of sub-pixel rounding either way is not an overflow. */
const TOLERANCE_PX = 1;

/** The nearest ancestor that lays out as a box (inline elements flow inside it). */
function boxOf(element: Element): Element {
  let box: Element | null = element;
  while (box && getComputedStyle(box).display.startsWith('inline') && getComputedStyle(box).display !== 'inline-block') box = box.parentElement;
  return box ?? element;
}

/** Text the design cuts on purpose (ellipsis, line clamp), scrolls, or hides for screen readers only. */
function isMeantToHide(box: Element): boolean {
  const style = getComputedStyle(box);
  if (style.textOverflow === 'ellipsis' || style.webkitLineClamp !== 'none') return true;
  if (['auto', 'scroll'].includes(style.overflowX)) return true;
  if (style.clip !== 'auto' || style.clipPath !== 'none') return true;
  return box.getBoundingClientRect().width <= 1;
}

function describe(text: string, box: Element): string {
  const name = box.tagName.toLowerCase() + (box.className && typeof box.className === 'string' ? `.${box.className.split(' ')[0]}` : '');
  return `"${text.trim().slice(0, 40)}" in ${name}`;
}

/**
 * The boxes a text has to stay inside: each block ancestor up to the story's root, stopping at a box
 * that scrolls (its content may run on) or is positioned out of the flow (it has its own frame).
 */
function framesOf(parent: Element, root: Element): { frames: Element[]; mayRunOn: boolean } {
  const frames: Element[] = [];
  for (let box: Element | null = parent; box && box !== root.parentElement; box = box.parentElement) {
    const style = getComputedStyle(box);
    if (style.display === 'contents' || (style.display.startsWith('inline') && style.display !== 'inline-block')) continue;
    if (isMeantToHide(box)) return { frames, mayRunOn: true };
    frames.push(box);
    if (['absolute', 'fixed'].includes(style.position)) break;
  }
  return { frames, mayRunOn: false };
}

/** Every visible text that sticks out sideways of a box around it or of the window, and the page scrolling sideways. */
export function textOverflowsIn(root: HTMLElement, { wholePage }: { wholePage: boolean }): string[] {
  const found: string[] = [];
  const page = document.documentElement;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || !node.textContent?.trim() || parent.closest('svg')) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const text = range.getBoundingClientRect();
    if (text.width === 0 || isMeantToHide(boxOf(parent))) continue;
    const { frames, mayRunOn } = framesOf(parent, root);
    const outside = frames.find((box) => {
      const edges = box.getBoundingClientRect();
      return text.left < edges.left - TOLERANCE_PX || text.right > edges.right + TOLERANCE_PX;
    });
    if (outside) found.push(describe(node.textContent, outside));
    else if (wholePage && !mayRunOn && (text.left < -TOLERANCE_PX || text.right > page.clientWidth + TOLERANCE_PX)) found.push(describe(node.textContent, parent) + ' past the window');
  }
  if (wholePage && page.scrollWidth > page.clientWidth + TOLERANCE_PX) {
    found.push(`the page scrolls sideways (${page.scrollWidth} px content in ${page.clientWidth} px)`);
  }
  return found;
}
