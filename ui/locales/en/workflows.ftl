### Messages of ui/workflows.js.
# The Workflows menu of a record. The workflows' names and descriptions come from the app.

workflows-menu = Workflows
