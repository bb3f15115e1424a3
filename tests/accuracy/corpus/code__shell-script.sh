#!/usr/bin/env bash
set -euo pipefail

# Deploy the current build to the given environment.
ENV="${1:-staging}"
TAG="$(git rev-parse --short HEAD)"

if [[ "$ENV" != "staging" && "$ENV" != "production" ]]; then
  echo "unknown env: $ENV" >&2
  exit 2
fi

docker build -t "ghcr.io/acme/web:$TAG" .
docker push "ghcr.io/acme/web:$TAG"
kubectl --context "$ENV" set image deploy/web web="ghcr.io/acme/web:$TAG"
kubectl --context "$ENV" rollout status deploy/web --timeout=120s
