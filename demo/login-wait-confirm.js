// The login confirmation waiting page (/core/auth/login/wait-confirm/, 2.3's login_wait_confirm.html):
// asks the server every few seconds whether a reviewer answered; approved, it goes on to the guard that
// signs the browser in; rejected or closed, it shows the server's message and stops. Leaving the page
// (closing the tab) withdraws the request, as 2.3 does; refreshing or returning does not.
(function () {
  'use strict';
  var card = document.querySelector('.login-wait-confirm');
  if (!card) return;
  var statusUrl = card.getAttribute('data-status-url');
  var guardUrl = card.getAttribute('data-guard-url');
  var loginUrl = card.getAttribute('data-login-url');
  var link = card.getAttribute('data-ticket-link');
  var info = card.querySelector('.wait-message');
  var error = card.querySelector('.error-message');
  var progress = card.querySelector('.wait-progress');
  var started = Date.now();
  var leaving = false;
  var timer = null;

  function stop() {
    if (timer) clearInterval(timer);
    timer = null;
  }
  function go(url) {
    leaving = true;
    stop();
    window.location.assign(url);
  }
  function check() {
    // The server's message in the page's language, not the browser's (the page follows the console's).
    var lang = document.documentElement.lang === 'en' ? 'en' : 'zh-hans';
    fetch(statusUrl, { credentials: 'same-origin', headers: { Accept: 'application/json', 'Accept-Language': lang } })
      .then(function (response) {
        return response.json();
      })
      .then(function (data) {
        if (!data.error && data.msg === 'ok') return go(guardUrl);
        if (data.error === 'login_confirm_wait') return;
        stop();
        info.hidden = true;
        error.hidden = false;
        error.textContent = data.msg || '';
        card.classList.add('refused');
      })
      .catch(function () {
        /* the next round asks again */
      });
  }
  setInterval(function () {
    if (progress) progress.value = Math.min(3600, (Date.now() - started) / 1000);
  }, 1000);
  timer = setInterval(check, 3000);
  check();

  card.querySelector('.btn-refresh').addEventListener('click', function () {
    leaving = true;
    window.location.reload();
  });
  card.querySelector('.btn-return').addEventListener('click', function () {
    go(loginUrl);
  });
  card.querySelector('.btn-copy').addEventListener('click', function () {
    var text = window.location.origin + link;
    if (navigator.clipboard)
      navigator.clipboard.writeText(text).then(function () {
        info.textContent = card.getAttribute('data-copied') + ': ' + text;
      });
  });
  window.addEventListener('pagehide', function () {
    if (leaving || !timer) return;
    fetch(statusUrl, { method: 'DELETE', credentials: 'same-origin', keepalive: true });
  });
})();
