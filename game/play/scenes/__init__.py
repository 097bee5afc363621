"""The scenes, one module each; only the navigator imports them."""
