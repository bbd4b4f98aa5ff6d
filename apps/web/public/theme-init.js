// Applies the saved theme before the first paint (no flash of the wrong theme). Kept as a file: the CSP forbids inline scripts.
// Site key 'theme', console key 'seeds-theme'; values 'light' | 'dark' | 'system' (absent = system). Mirrors lib/theme.ts.
(function () {
  var root = document.documentElement;
  var dark;
  try {
    var key = location.pathname.indexOf('/admin') === 0 ? 'seeds-theme' : 'theme';
    var saved = localStorage.getItem(key) || 'system';
    dark = saved === 'dark' || (saved !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  } catch {
    // Storage unavailable (private mode): follow the system.
    dark = !!(window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches);
  }
  root.classList.toggle('dark', dark);
  // A saved session: the prerendered first paint (drawn as a visitor) hides its log-in links until the app has rendered.
  try {
    if (localStorage.getItem('__refresh_token')) root.classList.add('has-session');
  } catch {
    // storage unavailable: no session either
  }
  root.style.colorScheme = dark ? 'dark' : 'light';
  var meta = document.querySelector('meta[name="theme-color"]');
  if (meta) meta.setAttribute('content', dark ? '#15171c' : '#ffffff');
})();
