"""lit side of the e2e suite's backend choice (test/e2e/lit.local.cfg).

`--param backend=<b>` (./smcp.sh test-e2e <b>) runs the suite on one backend:
  - lit feature <b> when sycl-ls lists one of its devices (a test that needs
    another backend says REQUIRES: opencl and is UNSUPPORTED); the other
    backends' features are dropped, since the selector hides their devices;
  - %syclcc compiles for the backend's device target (`--param
    sycl_targets=...` overrides, e.g. spir64,nvptx64-nvidia-cuda), with
    features target-spir64 / target-nvptx64 naming the images built;
  - the programs run with ONEAPI_DEVICE_SELECTOR=<b>:0, or with the caller's
    selector when it names that backend.
Without the param the suite runs as it always has: the default device,
features for every backend sycl-ls lists, spir64 images.

The targets travel as an argument inside %syclcc rather than as an environment
variable that syclcc would read: every RUN line compiles for the backend
unchanged, and what a compile did stays a function of its command line
(syclcc -### shows it; nothing builds differently outside lit)."""

import os

DEFAULT_TARGETS = {"opencl": "spir64", "level_zero": "spir64", "cuda": "nvptx64-nvidia-cuda"}


def target_features(targets):
    return {"target-" + t.split("-")[0] for t in targets.split(",") if t}


def configure(config, lit_config, backend, assume_present=False):
    """Sets features, %syclcc's targets and the selector for `backend`.
    assume_present: the devices are on another machine (recording a kit)."""
    if backend not in DEFAULT_TARGETS:
        lit_config.fatal(f"backend '{backend}' is not one of {', '.join(DEFAULT_TARGETS)}")
    listed = backend in config.available_features
    for b in DEFAULT_TARGETS:
        config.available_features.discard(b)
    if not (listed or assume_present):
        lit_config.fatal(f"backend {backend}: sycl-ls lists none of its devices:\n"
                         f"{config.smcp_device_listing or '(no devices)'}")
    config.available_features.add(backend)

    targets = lit_config.params.get("sycl_targets", DEFAULT_TARGETS[backend])
    config.available_features -= target_features("spir64")
    config.available_features |= target_features(targets)
    config.substitutions = [(k, f"{v} -fsycl-targets={targets}" if k == "%syclcc" else v)
                            for k, v in config.substitutions]

    selector = os.environ.get("ONEAPI_DEVICE_SELECTOR")
    if selector and not selector.startswith(backend + ":"):
        lit_config.fatal(f"ONEAPI_DEVICE_SELECTOR={selector} does not select backend {backend}")
    config.environment["ONEAPI_DEVICE_SELECTOR"] = selector or backend + ":0"
    return targets
