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

  // A prerendered page (<meta name="app-entry">: entry script, then its imports) is readable before any script runs:
  // the app is loaded after the first paint instead of competing with it (see apps/web/build.mjs).
  document.addEventListener('DOMContentLoaded', function () {
    var meta = document.querySelector('meta[name="app-entry"]');
    if (!meta) return;
    var urls = meta.getAttribute('content').split(' ');
    var started = false;
    function start() {
      if (started) return;
      started = true;
      for (var i = 1; i < urls.length; i++) {
        var link = document.createElement('link');
        link.rel = 'modulepreload';
        link.crossOrigin = '';
        link.href = urls[i];
        document.head.appendChild(link);
      }
      var script = document.createElement('script');
      script.type = 'module';
      script.crossOrigin = '';
      script.src = urls[0];
      document.head.appendChild(script);
    }
    // After the first contentful paint. Two animation frames (the fallback) can pass before it: the first frames may
    // show only the background while the text waits for its font, and the app's scripts then compete with that font.
    // Paints stop in a hidden tab, hence the timer.
    function afterFrames() {
      requestAnimationFrame(function () {
        requestAnimationFrame(start);
      });
    }
    try {
      if (PerformanceObserver.supportedEntryTypes.indexOf('paint') < 0) throw new Error('no paint timing');
      var observer = new PerformanceObserver(function (list) {
        if (!list.getEntriesByName('first-contentful-paint').length) return;
        observer.disconnect();
        start();
      });
      observer.observe({ type: 'paint', buffered: true });
    } catch {
      afterFrames();
    }
    setTimeout(start, 500);
  });
})();
