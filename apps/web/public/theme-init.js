// Runs before the first paint (loaded from <head>) so a stored light theme never flashes dark.
// Mirrors ThemeProvider: 'theme' in localStorage, dark unless it says 'light'; also <html lang>.
(function () {
  const root = document.documentElement;
  let theme = 'dark';
  let lang = 'pt-BR';
  try {
    if (localStorage.getItem('theme') === 'light') theme = 'light';
    if (localStorage.getItem('language') === 'en') lang = 'en';
  } catch {
    // Storage blocked: keep the defaults.
  }
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
  root.lang = lang;
})();
