"""An honest student's .uir compiler: `run` and `render` (spec section 6).

The language itself is computed by the package's native core, `uirc/core/uirc-core` (the tests
place a copy of the reference compiler there, as a student ships a compiled extension); the
package's Python drives it and names the rendered C's loop variables its own way."""
