import { PRODUCTS, type ProductKey } from '@bourse/contract';
import { Select } from 'antd';
import { useCommonT } from '../../../lib/locales';

/** The products a piece of content is about (it is shown only while all of them are available). */
export function ProductsSelect(props: { value?: ProductKey[]; onChange?: (value: ProductKey[]) => void }) {
  const common = useCommonT();
  return (
    <Select<ProductKey[]>
      mode="multiple"
      allowClear
      placeholder={common('none')}
      options={PRODUCTS.map((key) => ({ value: key, label: common(`product_${key}`) }))}
      {...props}
    />
  );
}
