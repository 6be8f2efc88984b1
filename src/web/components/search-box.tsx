import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import type { SEARCH_QUERY_MAX } from '../../shared/schemas/search';
import { isFailure } from '../lib/request';
import { suggest } from '../api/search-suggest';
import { addRecentSearch, clearRecentSearches, readRecentSearches } from '../lib/recent-searches';
import './form-controls.css';
import './search-box.css';

// The schema's limit, typed against it: importing the value would bring zod into /mall's and /market's chunks.
const QUERY_MAX: typeof SEARCH_QUERY_MAX = 100;
/** Wait this long after the last keystroke before asking for suggestions. */
export const SUGGEST_DEBOUNCE_MS = 200;

const KIND_LABELS = { card: '卡牌', goods: '商品', theme: '主題', seller: '賣家' } as const;

interface Option {
  text: string;
  hint?: string;
}

/** `/search?q=`: where a search from any screen goes. */
export const searchPath = (q: string) => `/search?q=${encodeURIComponent(q)}`;

/**
 * The search box (ARIA combobox): suggestions while typing (debounced), the last searches when focused and
 * empty, with 清除搜尋記錄. Submitting goes to /search unless the screen handles it (`onSearch`).
 */
export function SearchBox({
  initial = '',
  label = '搜尋卡牌、商品、主題或賣家',
  placeholder = '搜尋卡牌、商品、主題、賣家',
  onSearch,
  autoFocus = false,
}: {
  initial?: string;
  label?: string;
  placeholder?: string;
  onSearch?: (q: string) => void;
  autoFocus?: boolean;
}) {
  const navigate = useNavigate();
  const id = useId();
  const listId = `${id}-list`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(initial);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [recent, setRecent] = useState<string[]>([]);
  const [suggestions, setSuggestions] = useState<Option[]>([]);

  // After the layout has moved the focus to the new screen (its effect runs after this one's).
  useEffect(() => {
    if (!autoFocus) return;
    const timer = setTimeout(() => inputRef.current?.focus(), 0);
    return () => clearTimeout(timer);
  }, [autoFocus]);
  // A search this box handed to its screen (`onSearch`) that the screen's query has not caught up with yet.
  const handedOver = useRef<string | null>(null);
  // The screen's query changed (back / forward, 清除): show it, without remounting (the focus stays). Not when it is
  // only catching up with this box's own search: what was typed since then stays (the screen renders the new query in
  // a transition, after the URL has changed).
  useEffect(() => {
    if (initial === handedOver.current) {
      handedOver.current = null;
      return;
    }
    handedOver.current = null;
    setText(initial);
  }, [initial]);

  const typed = text.trim();
  // Debounced suggestions; an answer for older text than the box now holds is dropped.
  useEffect(() => {
    setSuggestions([]);
    setActive(-1);
    if (!typed) return;
    let live = true;
    const timer = setTimeout(() => {
      void suggest(typed.slice(0, QUERY_MAX)).then((r) => {
        if (live && !isFailure(r)) setSuggestions(r.list.map((s) => ({ text: s.text, hint: KIND_LABELS[s.kind] })));
      });
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [typed]);

  const showingRecent = !typed;
  const options: Option[] = showingRecent ? recent.map((r) => ({ text: r })) : suggestions;
  const expanded = open && (options.length > 0 || (showingRecent && recent.length > 0));

  const run = (q: string) => {
    const query = q.trim();
    if (!query) {
      // An emptied box clears the screen's own search; there is nothing to open at /search.
      onSearch?.('');
      return;
    }
    setText(query);
    setOpen(false);
    setRecent(addRecentSearch(query));
    if (onSearch) {
      if (query !== initial) handedOver.current = query;
      onSearch(query);
    } else navigate(searchPath(query));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) setOpen(true);
      if (options.length === 0) return;
      const last = options.length - 1;
      if (e.key === 'ArrowDown') setActive((i) => (i >= last ? 0 : i + 1));
      else setActive((i) => (i <= 0 ? last : i - 1));
    } else if (e.key === 'Enter' && expanded && active >= 0 && active < options.length) {
      e.preventDefault();
      run(options[active]!.text);
    } else if (e.key === 'Escape') {
      if (expanded) {
        e.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (text) {
        e.preventDefault();
        setText('');
      }
    }
  };

  // Focus leaving the box and its list (not to the clear button inside) closes the list.
  const onBlur = (e: FocusEvent<HTMLFormElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) {
      setOpen(false);
      setActive(-1);
    }
  };

  const optionId = (i: number) => `${id}-opt-${i}`;
  const activeIndex = active >= 0 && active < options.length ? active : -1;

  return (
    <form
      className="search-box"
      role="search"
      aria-label="搜尋"
      onSubmit={(e) => {
        e.preventDefault();
        run(text);
      }}
      onBlur={onBlur}
    >
      <div className="search-box-field">
        <input
          ref={inputRef}
          type="search"
          className="boxed-input search-box-input"
          role="combobox"
          aria-label={label}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
          placeholder={placeholder}
          maxLength={QUERY_MAX}
          enterKeyHint="search"
          autoComplete="off"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
          }}
          onFocus={() => {
            setRecent(readRecentSearches());
            setOpen(true);
          }}
          onClick={() => setOpen(true)}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="search-box-submit">
          搜尋
        </button>
      </div>
      <div className="search-box-popup" hidden={!expanded}>
        {showingRecent && <div className="search-box-heading">最近搜尋</div>}
        <ul id={listId} role="listbox" aria-label={showingRecent ? '最近搜尋' : '搜尋建議'} className="search-box-list">
          {expanded &&
            options.map((o, i) => (
              <li
                key={`${o.text}-${i}`}
                id={optionId(i)}
                role="option"
                aria-selected={i === activeIndex}
                className={i === activeIndex ? 'search-box-option active' : 'search-box-option'}
                // Keep the focus in the box: a click chooses without blurring it first.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => run(o.text)}
              >
                <span className="search-box-option-text">{o.text}</span>
                {o.hint && <span className="search-box-option-hint">{o.hint}</span>}
              </li>
            ))}
        </ul>
        {expanded && showingRecent && (
          <button
            type="button"
            className="search-box-clear outline-button"
            onClick={() => {
              clearRecentSearches();
              setRecent([]);
              inputRef.current?.focus();
            }}
          >
            清除搜尋記錄
          </button>
        )}
      </div>
    </form>
  );
}
