/** A native select of the user's themes (卡冊), 全部卡冊 first; picking it gives `undefined`. */
export function ThemeSelect({
  themes,
  value,
  onChange,
}: {
  themes: readonly { value: string; label: string }[];
  value: string | undefined;
  onChange: (themeId: string | undefined) => void;
}) {
  return (
    <select value={value ?? ''} onChange={(e) => onChange(e.target.value || undefined)}>
      <option value="">全部卡冊</option>
      {themes.map((t) => (
        <option key={t.value} value={t.value}>
          {t.label}
        </option>
      ))}
    </select>
  );
}
