#!/usr/bin/env bash
# Validates the CI recipes in docs/ci/ with real schema checkers from the npm registry: the GitHub
# Actions workflows with @action-validator/cli (GitHub's workflow schema), the Kubernetes Jobs with
# kubernetes-models (the batch/v1 Job schema). The checkers are installed once into
# ${UIRGRADE_CI_VALIDATORS:-build/ci-validators}. Exit 0: valid; 1: a recipe is invalid (the checker
# says where); 77: no node/npm or the registry cannot be reached, so nothing was checked.
set -euo pipefail
cd "$(dirname "$0")/.."
dir="${UIRGRADE_CI_VALIDATORS:-build/ci-validators}"
if ! command -v node > /dev/null || ! command -v npm > /dev/null; then
  echo "validate-ci-recipes: skipped: node and npm are not installed" >&2
  exit 77
fi
if [ ! -x "$dir/node_modules/.bin/action-validator" ] || [ ! -d "$dir/node_modules/kubernetes-models" ]; then
  mkdir -p "$dir"
  cp scripts/ci-validators/package.json "$dir/"
  if ! timeout 300 npm install --prefix "$dir" --no-audit --no-fund --loglevel=error > "$dir/npm-install.log" 2>&1; then
    echo "validate-ci-recipes: skipped: cannot install the checkers from the npm registry (see $dir/npm-install.log)" >&2
    exit 77
  fi
fi
cp scripts/ci-validators/validate-k8s-job.mjs "$dir/"
for workflow in docs/ci/github-actions.yml docs/ci/github-classroom.yml; do
  "$dir/node_modules/.bin/action-validator" "$workflow"
  echo "validate-ci-recipes: $workflow is a valid GitHub Actions workflow"
done
node "$dir/validate-k8s-job.mjs" docs/ci/kubernetes-job.yml docs/ci/kubernetes-merge-job.yml
