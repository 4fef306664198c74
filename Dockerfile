# One image, three roles (api, workers, web), chosen by the command; migrations run as a one-shot.
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
# A fixed numeric id, so Kubernetes can check runAsNonRoot (k8s/ runs as 10001).
RUN groupadd --system --gid 10001 tribe && useradd --system --uid 10001 --gid tribe --home /app tribe \
  && mkdir -p /app/.data/uploads && chown -R tribe:tribe /app/.data
COPY --from=build --chown=tribe:tribe /app/package.json ./
COPY --from=build --chown=tribe:tribe /app/node_modules ./node_modules
COPY --from=build --chown=tribe:tribe /app/dist ./dist
COPY --from=build --chown=tribe:tribe /app/web/build ./web/build
USER 10001:10001
EXPOSE 3000 3001
CMD ["node", "dist/api/src/main.js"]
