// The task-log page's script (served at /static/js/task-log.js; the page is /core/ops/celery/task/<id>/log/,
// which Lina 2.3.1 opens in a window). It reads the log from the JSON API, `?mark=` after the last line
// it has, once a second until the task has ended, and shows it as text: the runner's colour codes (green,
// red, yellow, reset — the only escape sequences a log carries) become classes; nothing becomes HTML.
(function () {
  var view = document.getElementById('task-log');
  var status = document.getElementById('task-log-status');
  if (!view || !status) return;
  var api = '/api/v1/ops/celery/task/' + encodeURIComponent(view.getAttribute('data-task')) + '/log/';
  var TONES = { 31: 'fail', 32: 'ok', 33: 'warn' };
  var tone = '';
  var mark = '';

  function append(text) {
    var parts = text.replace(/\r\n/g, '\n').split(/\u001b\[(\d+)m/);
    for (var i = 0; i < parts.length; i += 1) {
      if (i % 2 === 1) {
        tone = TONES[parts[i]] || '';
        continue;
      }
      if (!parts[i]) continue;
      var node = tone ? document.createElement('span') : document.createTextNode(parts[i]);
      if (tone) {
        node.className = tone;
        node.textContent = parts[i];
      }
      view.appendChild(node);
    }
    window.scrollTo(0, document.body.scrollHeight);
  }

  function poll() {
    var url = mark ? api + '?mark=' + encodeURIComponent(mark) : api;
    fetch(url, { credentials: 'same-origin', headers: { Accept: 'application/json' } })
      .then(function (response) {
        if (!response.ok) throw new Error(status.getAttribute('data-failed') + ' (' + response.status + ')');
        return response.json();
      })
      .then(function (answer) {
        // No mark yet: the task has not written its first line (queued behind others).
        if (answer.mark === undefined) {
          status.textContent = answer.data;
        } else {
          status.textContent = '';
          mark = answer.mark;
          if (answer.data) append(answer.data);
          if (answer.end) {
            status.textContent = status.getAttribute('data-ended');
            return;
          }
        }
        setTimeout(poll, 1000);
      })
      .catch(function (error) {
        status.textContent = error.message;
      });
  }
  poll();
})();
