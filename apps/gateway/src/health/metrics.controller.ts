/** Prometheus metrics of this process (architecture §5). */
import { Controller, Get, Header } from '@nestjs/common';
import { collectDefaultMetrics, register } from 'prom-client';

let defaultsCollected = false;

@Controller()
export class MetricsController {
  constructor() {
    // Process-wide collectors: registering them twice (two apps in one test process) throws.
    if (!defaultsCollected) {
      collectDefaultMetrics();
      defaultsCollected = true;
    }
  }

  @Get('metrics')
  @Header('Content-Type', register.contentType)
  @Header('Cache-Control', 'no-store')
  metrics(): Promise<string> {
    return register.metrics();
  }
}
