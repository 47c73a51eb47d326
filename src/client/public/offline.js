// The offline page's words for the page that was asked for (the service worker serves it at that page's address).
// A separate file: the site's Content-Security-Policy allows no inline script.
(function () {
  var path = location.pathname;
  var title = document.getElementById('offline-title');
  var message = document.getElementById('offline-message');
  if (/^\/tools\/[^/]+/.test(path)) {
    title.textContent = 'This tool needs a connection';
    message.textContent =
      'Veritext tools run on this server, so they need a connection to it. Connect to the internet and try again; pages you have opened before can still be read offline.';
  } else if (path !== '/offline.html') {
    message.textContent =
      'This page needs a connection to this server. Connect to the internet and try again; pages you have opened before can still be read offline.';
  }
  document.getElementById('offline-retry').addEventListener('click', function (e) {
    e.preventDefault();
    location.reload();
  });
})();
