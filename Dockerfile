FROM python:3.11-slim
WORKDIR /app
COPY pyproject.toml README.md ./
COPY service ./service
COPY seed ./seed
COPY schema ./schema
RUN pip install --no-cache-dir -e .
EXPOSE 8000
CMD ["fabricgraph", "serve"]
