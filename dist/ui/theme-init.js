// Applies the remembered theme before the first paint (no flash of the wrong theme). A file,
// not an inline script, so the page's Content-Security-Policy can forbid inline scripts.
(function applyStoredTheme() {
  try {
    var theme = window.localStorage.getItem('claude-mem.theme');
    if (theme === 'light' || theme === 'dark') document.documentElement.dataset.theme = theme;
  } catch {
    // Storage can be disabled; the system theme applies then.
  }
})();
