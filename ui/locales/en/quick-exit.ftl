### Messages of ui/quick-exit.js.
