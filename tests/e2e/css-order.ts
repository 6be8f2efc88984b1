import type { Page } from '@playwright/test';

/**
 * The CSS order check (decision 022): which rules of the page decide a property of an element only by the order of
 * their files. The build merges CSS files into one per chunk, and how modules are grouped into chunks (the chunk
 * groups) changes that order; a rule that wins only by coming later can lose in another build. Run on a build made
 * with TROVE_CSS_SOURCES=1 (tools/css-sources-plugin.ts), where each rule names its file.
 *
 * For every element (and its ::before, ::after, ::placeholder) and every longhand property, the declarations of the
 * rules that match it are ranked by importance and specificity, as the cascade does before it looks at order. When
 * the highest rank holds different values from different files, the page depends on the files' order: reported.
 * State selectors (:hover, :active, :focus, :focus-visible, :focus-within) are taken as matching, so the states
 * are checked too. Inline styles win anyway: those properties are left out.
 */
export interface OrderConflict {
  /** The element: tag, id, classes, and the pseudo-element if any. */
  element: string;
  property: string;
  /** The declarations tied at the top, `file: selector { value }`, in the page's order (the last one wins now). */
  tied: string[];
  /** Every file involved is a library's (node_modules): the library's own order, not the app's. */
  library: boolean;
}

export async function cssOrderConflicts(
  page: Page,
): Promise<{ conflicts: OrderConflict[]; marked: boolean; rules: number; elements: number }> {
  return page.evaluate(() => {
    type Spec = [number, number, number];
    const STATES = /:(hover|active|focus-visible|focus-within|focus)(?![\w-])/g;
    const PSEUDO_ELEMENT =
      /::?(before|after|placeholder|first-line|first-letter|marker|selection|backdrop|file-selector-button|-webkit-[\w-]+|-moz-[\w-]+)$/;

    /** Splits at top-level commas (not inside parentheses, brackets or quotes). */
    const splitTop = (s: string): string[] => {
      const out: string[] = [];
      let depth = 0;
      let quote = '';
      let start = 0;
      for (let i = 0; i < s.length; i++) {
        const ch = s[i]!;
        if (quote) {
          if (ch === '\\') i++;
          else if (ch === quote) quote = '';
        } else if (ch === '"' || ch === "'") quote = ch;
        else if (ch === '(' || ch === '[') depth++;
        else if (ch === ')' || ch === ']') depth--;
        else if (ch === ',' && depth === 0) {
          out.push(s.slice(start, i).trim());
          start = i + 1;
        }
      }
      out.push(s.slice(start).trim());
      return out.filter(Boolean);
    };

    /** Selectors Level 4 specificity of one complex selector. */
    const specificity = (sel: string): Spec => {
      const sp: Spec = [0, 0, 0];
      const add = (o: Spec) => {
        sp[0] += o[0];
        sp[1] += o[1];
        sp[2] += o[2];
      };
      const max = (list: string): Spec =>
        splitTop(list)
          .map(specificity)
          .reduce(
            (m, s) => (s[0] > m[0] || (s[0] === m[0] && (s[1] > m[1] || (s[1] === m[1] && s[2] > m[2]))) ? s : m),
            [0, 0, 0] as Spec,
          );
      let i = 0;
      const ident = () => {
        const m = /^(?:\\.|[\w-]|[\u0080-\uffff])+/.exec(sel.slice(i));
        i += m ? m[0].length : 0;
        return m ? m[0] : '';
      };
      const group = () => {
        // At '(' : answers the text up to the matching ')'.
        let depth = 0;
        const start = i + 1;
        for (; i < sel.length; i++) {
          if (sel[i] === '(') depth++;
          else if (sel[i] === ')' && --depth === 0) break;
        }
        i++;
        return sel.slice(start, i - 1);
      };
      while (i < sel.length) {
        const ch = sel[i]!;
        if (ch === '#') {
          i++;
          ident();
          sp[0]++;
        } else if (ch === '.') {
          i++;
          ident();
          sp[1]++;
        } else if (ch === '[') {
          let quote = '';
          for (; i < sel.length; i++) {
            const c = sel[i]!;
            if (quote) {
              if (c === quote) quote = '';
            } else if (c === '"' || c === "'") quote = c;
            else if (c === ']') break;
          }
          i++;
          sp[1]++;
        } else if (ch === ':') {
          const element = sel[i + 1] === ':';
          i += element ? 2 : 1;
          const name = ident().toLowerCase();
          const args = sel[i] === '(' ? group() : null;
          if (element || ['before', 'after', 'first-line', 'first-letter'].includes(name)) sp[2]++;
          else if (name === 'where') continue;
          else if (['is', 'not', 'has', 'matches', '-webkit-any'].includes(name) && args !== null) add(max(args));
          else if ((name === 'nth-child' || name === 'nth-last-child') && args && / of /.test(args)) {
            sp[1]++;
            add(max(args.slice(args.indexOf(' of ') + 4)));
          } else sp[1]++;
        } else if (ch === '*') i++;
        else if (/[\w-]|[\u0080-\uffff]/.test(ch)) {
          ident();
          sp[2]++;
        } else i++;
      }
      return sp;
    };

    interface Decl {
      rank: number;
      value: string;
      source: string;
      selector: string;
      order: number;
    }
    interface Entry {
      base: string;
      pseudo: string;
      rank: number;
      style: CSSStyleDeclaration;
      source: string;
      selector: string;
      order: number;
      /** The state pseudo-classes taken as matching: :focus and :focus-visible need a focusable element, :focus-within one inside. */
      focus: '' | 'self' | 'within';
    }
    const FOCUSABLE = 'a[href], button, input, select, textarea, summary, [tabindex], [contenteditable]';
    const entries: Entry[] = [];
    let order = 0;
    let marked = false;
    const walk = (rules: CSSRuleList, source: string) => {
      for (const rule of Array.from(rules)) {
        if (rule instanceof CSSSupportsRule) {
          const m = /--trove-source:\s*"([^"]+)"/.exec(rule.conditionText);
          if (m) marked = true;
          if (m || CSS.supports(rule.conditionText)) walk(rule.cssRules, m ? m[1]! : source);
        } else if (rule instanceof CSSMediaRule) {
          if (matchMedia(rule.conditionText).matches) walk(rule.cssRules, source);
        } else if (rule instanceof CSSLayerBlockRule) walk(rule.cssRules, source);
        else if (rule instanceof CSSStyleRule) {
          order++;
          for (const selector of splitTop(rule.selectorText)) {
            const sp = specificity(selector);
            const pe = PSEUDO_ELEMENT.exec(selector);
            const pseudo = pe ? `::${pe[1]}` : '';
            let base = (pe ? selector.slice(0, pe.index) : selector).trim();
            // State pseudo-classes at the top level count as matching (inside :not(…) they are left as they are).
            let focus: Entry['focus'] = '';
            base = base.replace(STATES, (s, name: string, offset: number) => {
              if (base.slice(0, offset).split('(').length !== base.slice(0, offset).split(')').length) return s;
              if (name === 'focus' || name === 'focus-visible') focus = 'self';
              else if (name === 'focus-within' && !focus) focus = 'within';
              return '';
            });
            if (!base || /[\s>+~]$/.test(base)) base += '*';
            // 1e6 per importance level, then a, b, c (a selector never holds 100 of one kind).
            entries.push({
              base,
              pseudo,
              rank: sp[0] * 10_000 + sp[1] * 100 + sp[2],
              style: rule.style,
              source,
              selector,
              order,
              focus,
            });
          }
        }
      }
    };
    for (const sheet of Array.from(document.styleSheets)) {
      let rules: CSSRuleList;
      try {
        rules = sheet.cssRules;
      } catch {
        continue;
      }
      walk(rules, sheet.href ? new URL(sheet.href).pathname : 'inline <style>');
    }

    const conflicts: OrderConflict[] = [];
    const elements = Array.from(document.querySelectorAll('body, body *, html')).filter(
      (el) => !['SCRIPT', 'STYLE', 'LINK', 'TEMPLATE', 'NOSCRIPT'].includes(el.tagName),
    );
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${Array.from(el.classList)
        .map((c) => `.${c}`)
        .join('')}`;
    // Each rule's elements from one querySelectorAll (in the rules' order): asking every element about every rule
    // (el.matches) took 3.3 minutes over the check's screens.
    const matching = new Map<Element, Entry[]>();
    for (const e of entries) {
      let found: NodeListOf<Element>;
      try {
        found = document.querySelectorAll(e.base);
      } catch {
        continue;
      }
      for (const el of Array.from(found)) {
        if (e.focus !== '' && !el.matches(FOCUSABLE) && !(e.focus === 'within' && el.querySelector(FOCUSABLE)))
          continue;
        const list = matching.get(el);
        if (list) list.push(e);
        else matching.set(el, [e]);
      }
    }
    for (const el of elements) {
      const byProp = new Map<string, Decl[]>();
      for (const e of matching.get(el) ?? []) {
        for (let k = 0; k < e.style.length; k++) {
          const prop = e.style[k]!;
          if (!e.pseudo && (el as HTMLElement).style?.getPropertyValue(prop)) continue;
          // A shorthand holding var() leaves its longhands without a value until computed: compare the whole rule.
          const value = e.style.getPropertyValue(prop) || `pending: ${e.style.cssText}`;
          const important = e.style.getPropertyPriority(prop) === 'important';
          const key = `${e.pseudo}|${prop}`;
          const list = byProp.get(key) ?? [];
          list.push({
            rank: e.rank + (important ? 1_000_000 : 0),
            value,
            source: e.source,
            selector: e.selector,
            order: e.order,
          });
          byProp.set(key, list);
        }
      }
      for (const [key, list] of byProp) {
        if (list.length < 2) continue;
        const top = Math.max(...list.map((d) => d.rank));
        const tied = list.filter((d) => d.rank === top);
        if (new Set(tied.map((d) => d.source)).size < 2 || new Set(tied.map((d) => d.value)).size < 2) continue;
        const [pseudo, property] = key.split('|') as [string, string];
        tied.sort((a, b) => a.order - b.order);
        conflicts.push({
          element: `${describe(el)}${pseudo}`,
          property,
          tied: tied.map((d) => `${d.source}: ${d.selector} { ${d.value} }`),
          library: tied.every((d) => d.source.startsWith('antd-mobile/') || d.source.includes('node_modules')),
        });
      }
    }
    return { conflicts, marked, rules: order, elements: elements.length };
  });
}
