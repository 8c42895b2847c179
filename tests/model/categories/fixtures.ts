import type { Category, CategoryPage } from '../../../src/services/categories/schemas';

/** Sample category answers for the categories model tests. */

export const pho: Category = { category_id: 3, category_name: 'Phở', description: 'Phở bò, phở gà các loại' };
export const doUong: Category = { category_id: 10, category_name: 'Đồ uống', description: 'Nước ngọt, nước ép, bia' };

export const twoPages: CategoryPage = { rows: [doUong, pho], totalPage: 2 };
export const emptyPage: CategoryPage = { rows: [], totalPage: 1 };
/** Page 2's only row: deleting it steps back to page 1. */
export const lastRowPage: CategoryPage = { rows: [pho], totalPage: 2 };
