import { THEMES, type Theme } from './theme.ts';

const LABELS: Record<Theme, string> = { system: 'System', light: 'Light', dark: 'Dark' };

/** Three buttons, one pressed: system, light, dark. */
export function ThemeToggle(props: { theme: Theme; onChange(theme: Theme): void }) {
  return (
    <div className="segmented" role="group" aria-label="Theme">
      {THEMES.map((theme) => (
        <button
          key={theme}
          type="button"
          aria-pressed={props.theme === theme}
          onClick={() => props.onChange(theme)}
        >
          {LABELS[theme]}
        </button>
      ))}
    </div>
  );
}
