// The offline page's 重試: reloads the address the visitor asked for (the offline page is served in its place).
document.getElementById('retry').addEventListener('click', () => window.location.reload());
