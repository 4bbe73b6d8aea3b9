import { IsOptional } from 'class-validator';
import { MAX_PAGE } from '@mc/contracts';
import { IsWholeNumberIn, PAGE_MESSAGE } from './validate-query.js';

/** `?page=` on the extensionless page aliases (`/api/regions/01/communes?page=2`). */
export class PageParams {
  @IsOptional() @IsWholeNumberIn(1, MAX_PAGE, PAGE_MESSAGE)
  page?: string;
}
